import { RestError, type RequestTarget } from "./rest-error.js";

/**
 * A call through a client that was closed (`close()`; a bot's `stop()` closes its client): it is
 * refused at once, not sent, and not retried.
 */
export class ClientClosedError extends RestError {
  override readonly name = "ClientClosedError";
  readonly code = "client_closed";

  constructor(target: RequestTarget) {
    super("the REST client is closed (by close(), or a bot's stop()): no call is sent through it", target);
  }
}

/** Whether `error` is a {@link ClientClosedError}. */
export function isClientClosedError(error: unknown): error is ClientClosedError {
  return error instanceof ClientClosedError;
}
