import { RestError, type RequestTarget } from "./rest-error.js";

/**
 * The request got no answer: the connection was refused or reset, the name did not resolve, and
 * so on. `cause` is the underlying error.
 */
export class NetworkError extends RestError {
  override readonly name = "NetworkError";
  readonly code = "network_error";

  constructor(cause: unknown, target: RequestTarget) {
    const reason =
      cause instanceof Error ? (cause.cause instanceof Error ? cause.cause : cause).message : String(cause);
    super(`network error: ${reason}`, target, { cause });
  }
}

/** Whether `error` is a {@link NetworkError}. */
export function isNetworkError(error: unknown): error is NetworkError {
  return error instanceof NetworkError;
}
