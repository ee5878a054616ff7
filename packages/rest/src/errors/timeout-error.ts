import { RestError, type RequestTarget } from "./rest-error.js";

/** No answer came within the call's `timeout` (milliseconds, per attempt). */
export class TimeoutError extends RestError {
  override readonly name = "TimeoutError";
  readonly code = "timeout";
  /** The timeout that passed, in milliseconds. */
  readonly timeout: number;

  constructor(timeout: number, target: RequestTarget, options?: ErrorOptions) {
    super(`no answer within ${timeout} ms`, target, options);
    this.timeout = timeout;
  }
}

/** Whether `error` is a {@link TimeoutError}. */
export function isTimeoutError(error: unknown): error is TimeoutError {
  return error instanceof TimeoutError;
}
