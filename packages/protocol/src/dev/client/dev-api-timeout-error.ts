/**
 * A call of the dev API got no answer within the client's `timeout`: `route` is its name in the
 * route table, `method` and `path` what was sent, `timeout` the milliseconds it waited.
 */
export class DevApiTimeoutError extends Error {
  /** Stable: every call of the dev API that timed out. */
  readonly code = "dev_api_timeout";

  constructor(
    readonly route: string,
    readonly method: string,
    readonly path: string,
    readonly timeout: number,
    options?: ErrorOptions,
  ) {
    super(`${method} ${path} got no answer within ${timeout} ms`, options);
    this.name = "DevApiTimeoutError";
  }
}

/** Whether `error` is a {@link DevApiTimeoutError}. */
export function isDevApiTimeoutError(error: unknown): error is DevApiTimeoutError {
  return error instanceof DevApiTimeoutError;
}
