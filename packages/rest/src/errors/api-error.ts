import type { ErrorBody } from "@chatbot/protocol";
import { RestError, type RequestTarget } from "./rest-error.js";

/**
 * The service refused the call with its error body (`{ code, message, errors? }`): a bad body
 * (`invalid_body`, with `errors` by field path), a missing scope or permission, an unknown object,
 * and so on. `status` is the HTTP status; `body` keeps the extra keys (`scope`, `permission`, ...).
 */
export class ApiError extends RestError {
  override readonly name = "ApiError";
  /** The service's error code (`missing_permission`, `unknown_channel`, or a webhook number). */
  readonly code: string | number;
  /** The HTTP status of the answer. */
  readonly status: number;
  /** Messages by field path (`embeds.0.title`), when the service named bad fields. */
  readonly errors: Readonly<Record<string, readonly string[]>>;
  /** The whole error body as the service sent it. */
  readonly body: ErrorBody;

  constructor(status: number, body: ErrorBody, target: RequestTarget) {
    super(`${status} ${body.code}: ${body.message}`, target);
    this.status = status;
    this.code = body.code;
    this.errors = body.errors ?? {};
    this.body = body;
  }
}

/** Whether `error` is an {@link ApiError}, optionally with the given `code`. */
export function isApiError(error: unknown, code?: string | number): error is ApiError {
  return error instanceof ApiError && (code === undefined || error.code === code);
}
