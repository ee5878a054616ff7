import { ApiError } from "./api-error.js";

/** `404 unknown_route`: no route has this path. */
export class UnknownRouteError extends ApiError {
  constructor(method: string, path: string) {
    super(404, "unknown_route", `no route ${method} ${path}`);
  }
}

/** `405 method_not_allowed`: the path exists with other methods (listed in `allowed`). */
export class MethodNotAllowedError extends ApiError {
  constructor(
    method: string,
    path: string,
    readonly allowed: readonly string[],
  ) {
    super(405, "method_not_allowed", `${method} is not allowed on ${path}; allowed: ${allowed.join(", ")}`, {
      allowed,
    });
  }
}

/** `413 payload_too_large`. */
export class PayloadTooLargeError extends ApiError {
  constructor(limit: number) {
    super(413, "payload_too_large", `the body is larger than ${limit} bytes`, { limit });
  }
}

/** `415 unsupported_media_type`: a body that is not `application/json`. */
export class UnsupportedMediaTypeError extends ApiError {
  constructor(contentType: string) {
    super(415, "unsupported_media_type", `the body must be application/json, got ${contentType}`);
  }
}

/** `409 clock_not_controllable`: moving the real clock. */
export class ClockNotControllableError extends ApiError {
  constructor() {
    super(409, "clock_not_controllable", "the server runs on the real clock; start it with manualClock");
  }
}

/** `500 internal_error`: a bug; nothing was changed. */
export class InternalError extends ApiError {
  constructor(cause: unknown) {
    super(500, "internal_error", "internal error; nothing was changed", {}, { cause });
  }
}
