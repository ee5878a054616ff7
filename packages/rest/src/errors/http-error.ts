import { RestError, type RequestTarget } from "./rest-error.js";

/**
 * An answer that is not what the route promises and not the service's error body: a proxy's HTML
 * page, an empty `502`, or a `2xx` whose body is not JSON. `body` holds the text (cut to 1,000
 * characters).
 */
export class HttpError extends RestError {
  override readonly name = "HttpError";
  readonly code = "http_error";
  /** The HTTP status of the answer. */
  readonly status: number;
  /** The answer's text, cut to 1,000 characters. */
  readonly body: string;

  constructor(status: number, body: string, target: RequestTarget, options?: ErrorOptions) {
    const shown = body.length > 1_000 ? `${body.slice(0, 1_000)}…` : body;
    super(
      `unexpected HTTP ${status} answer${shown === "" ? " with no body" : `: ${shown}`}`,
      target,
      options,
    );
    this.status = status;
    this.body = shown;
  }
}

/** Whether `error` is an {@link HttpError}. */
export function isHttpError(error: unknown): error is HttpError {
  return error instanceof HttpError;
}
