/** Where a failed call went: its HTTP method and the path under the client's base URL. */
export interface RequestTarget {
  readonly method: string;
  readonly path: string;
}

/**
 * The base of every error the REST client throws about a request: it names the `method` and `path`
 * of the call, and a stable `code` to branch on.
 */
export abstract class RestError extends Error {
  /** A stable code: the service's error code for an {@link ApiError}, else the error kind. */
  abstract readonly code: string | number;
  /** The HTTP method of the call. */
  readonly method: string;
  /** The path of the call, without the base URL (`/v1/channels/123/messages`). */
  readonly path: string;

  constructor(message: string, target: RequestTarget, options?: ErrorOptions) {
    super(`${message} (${target.method} ${target.path})`, options);
    this.method = target.method;
    this.path = target.path;
  }
}

/** Whether `error` is any error of the REST client about a request. */
export function isRestError(error: unknown): error is RestError {
  return error instanceof RestError;
}
