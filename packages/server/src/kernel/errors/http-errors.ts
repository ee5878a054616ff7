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
  constructor(contentType: string | undefined) {
    super(
      415,
      "unsupported_media_type",
      contentType === undefined
        ? "the body must be sent with Content-Type: application/json; none was given"
        : `the body must be application/json, got ${contentType}`,
    );
  }
}

/** `409 clock_not_controllable`: moving the real clock. */
export class ClockNotControllableError extends ApiError {
  constructor() {
    super(
      409,
      "clock_not_controllable",
      "the server runs on the real clock; start it with a manual clock (`--manual-clock`, or `manualClock: true` in startServer)",
    );
  }
}

/** `500 internal_error`: a bug; nothing was changed. */
export class InternalError extends ApiError {
  constructor(cause: unknown) {
    super(500, "internal_error", "internal error; nothing was changed", {}, { cause });
  }
}

/**
 * `403 host_not_allowed`: a dev API request whose `Host` is not one of the server's own loopback
 * names with its port: what a page on another site sends after rebinding its name to 127.0.0.1.
 */
export class HostNotAllowedError extends ApiError {
  constructor(host: string | undefined) {
    super(
      403,
      "host_not_allowed",
      host === undefined
        ? "a Host header is required"
        : `the Host ${host} is not this server's; use its own address (localhost, 127.0.0.1 or [::1] with its port)`,
    );
  }
}

/** `403 origin_not_allowed`: a dev API request sent by a web page of another origin. */
export class OriginNotAllowedError extends ApiError {
  constructor(origin: string) {
    super(403, "origin_not_allowed", `requests from the web origin ${origin} are not allowed`);
  }
}

/**
 * `400 request_aborted`: the client went away (or was cut by a timeout) while its body was being
 * read. Nobody reads this answer; it exists so the failure is not taken for a bug of the server.
 */
export class RequestAbortedError extends ApiError {
  constructor(cause: unknown) {
    super(400, "request_aborted", "the request was aborted before its body was complete", {}, { cause });
  }
}

/**
 * `507 ids_exhausted`: no later id fits the id format (at most 2^63-1), because the loaded world
 * holds an id at the very end of the range. Nothing was changed.
 */
export class IdsExhaustedError extends ApiError {
  constructor() {
    super(
      507,
      "ids_exhausted",
      "no id after the newest one of this world fits in 2^63-1; nothing was changed",
    );
  }
}
