import type { GatewayClient, RecoverySkip } from "@chatbot/gateway";
import { GATEWAY_CLOSE_CODES } from "@chatbot/protocol";
import type { Logger } from "../services.js";

/** What a close code means, for a log line: `4009 session_closed`, or the code alone. */
function closeMeaning(code: number): string {
  const known = GATEWAY_CLOSE_CODES[code as keyof typeof GATEWAY_CLOSE_CODES];
  if (known) return `${code} ${known.name}`;
  if (code === 1006) return "1006 (the connection dropped without a close frame)";
  return String(code);
}

const SKIPS: Record<RecoverySkip["reason"], (skip: RecoverySkip) => string> = {
  missing_read_message_history: () => "the bot lacks Read message history there",
  history_hidden: () => "the channel's history is hidden from the bot",
  limit_reached: ({ bound }) =>
    `more messages were missed than recovery reads (recovery.maxMessagesPerChannel: ${bound}; the newest were kept)`,
  too_old: ({ bound }) =>
    `messages older than recovery reads back were missed (recovery.maxAgeMs: ${bound} ms, ${hours(bound)}; read from then on)`,
  failed: () =>
    "its history could not be read; it is read again after the next wait, and nothing newer is handed over before",
  gone: () => "the channel was deleted or left the bot's sight before what it missed could be read",
};

/** `86400000` as `24 h`. */
function hours(ms: number | undefined): string {
  return ms === undefined ? "?" : `${Math.round((ms / 3_600_000) * 10) / 10} h`;
}

/**
 * Logs the connection's life: each drop with its close code, the wait and the attempt (`info`),
 * each reconnect, how many missed messages were recovered (`info`), and each channel recovery
 * skipped or could not read yet (`warn`, with the REST error).
 */
export function logGateway(gateway: GatewayClient, logger: Logger): void {
  gateway.on("reconnecting", ({ code, reason, waitMs, attempt }) => {
    const said = reason ? ` ("${reason}")` : "";
    logger.info(
      `gateway: closed with ${closeMeaning(code)}${said}; reconnecting in ${waitMs} ms (attempt ${attempt})`,
    );
  });
  gateway.on("ready", ({ reconnected, tookMs, guilds }) => {
    if (reconnected) logger.info(`gateway: reconnected in ${tookMs} ms, ${guilds} server(s)`);
  });
  gateway.on("recovered", ({ count, tookMs, since }) => {
    const missed = since === "restart" ? "posted while no process of the bot ran" : "missed during the drop";
    logger.info(`gateway: recovered ${count} message(s) ${missed}, in ${tookMs} ms`);
  });
  gateway.on("recoverySkipped", (skip) => {
    const error = skip.error instanceof Error ? `: ${skip.error.message}` : "";
    logger.warn(
      `gateway: recovery of channel ${skip.channelId} skipped: ${SKIPS[skip.reason](skip)}${error}`,
    );
  });
  gateway.on("overflow", ({ limit }) => {
    logger.warn(`gateway: ${limit} events wait for the handlers; new events are dropped until half have run`);
  });
}
