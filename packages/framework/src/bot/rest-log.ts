import type { RestHooks } from "@chatbot/rest";
import type { Logger } from "../services.js";

/** A rate-limit wait this long or longer is logged. */
const LONG_WAIT_MS = 1_000;

/**
 * The REST client's hooks with one more duty: a rate-limit wait of a second or more is logged with
 * its route, its bucket and its length (`info`), and a `429` the service answered at `warn`, so a
 * call that seems to hang says why. The caller's own hooks still run.
 */
export function logLongWaits(logger: Logger, hooks: RestHooks | undefined): RestHooks {
  return {
    ...hooks,
    rateLimited(info) {
      hooks?.rateLimited?.(info);
      const where = `${info.method} ${info.path}${info.bucket ? ` (bucket ${info.bucket})` : ""}`;
      if (info.refused) {
        logger.warn(
          `rest: ${where} was refused with 429; waiting ${Math.round(info.waitMs)} ms to send it again`,
        );
      } else if (info.waitMs >= LONG_WAIT_MS) {
        logger.info(
          `rest: ${where} waits ${Math.round(info.waitMs)} ms for its rate limit${info.global ? " (global)" : ""}`,
        );
      }
    },
  };
}
