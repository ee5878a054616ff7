import type { PermissionName, Scope } from "@chatbot/protocol";

/** The error body of every REST and dev API answer (docs/decisions.md#rest-conventions). */
export interface ApiErrorBody {
  code: string | number;
  message: string;
  errors?: Record<string, string[]>;
  [extra: string]: unknown;
}

/**
 * An error the API answers with: a stable `code`, the HTTP `status`, a message and any extra keys
 * of the body (`scope`, `permission`, `retry_after`...). Operations throw these; the HTTP layer
 * turns them into answers.
 */
export class ApiError extends Error {
  /**
   * Says why the service refused, for the dev API's inspector only (never in the answer body): set
   * where the refusal is decided, called at once by the HTTP layer when an inspector is on.
   */
  explain: (() => unknown) | undefined = undefined;

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Readonly<Record<string, unknown>> = {},
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = "ApiError";
  }

  /** Sets {@link explain} and returns the error, for `throw error.explained(() => ...)`. */
  explained(explain: () => unknown): this {
    this.explain = explain;
    return this;
  }

  /** The answer body. */
  body(): ApiErrorBody {
    return { code: this.code, message: this.message, ...this.extra };
  }
}

/** Whether `value` is an {@link ApiError}. */
export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/** `400 invalid_body`: `errors` names every bad field by dot path. */
export class InvalidBodyError extends ApiError {
  constructor(
    readonly errors: Record<string, string[]>,
    message = "the request is invalid",
  ) {
    super(400, "invalid_body", message, { errors });
  }

  /** One bad field. */
  static at(path: string, problem: string): InvalidBodyError {
    return new InvalidBodyError({ [path]: [problem] }, `${path || "body"}: ${problem}`);
  }
}

/** `401 unauthorized`: missing, malformed or wrong credentials. */
export class UnauthorizedError extends ApiError {
  constructor(message = "a valid Authorization header is required") {
    super(401, "unauthorized", message);
  }
}

/** `403 missing_scope`. */
export class MissingScopeError extends ApiError {
  constructor(scope: Scope) {
    super(403, "missing_scope", `this install lacks the scope ${scope}`, { scope });
  }
}

/** `403 missing_permission`. */
export class MissingPermissionError extends ApiError {
  constructor(permission: PermissionName, message = `missing the permission ${permission}`) {
    super(403, "missing_permission", message, { permission });
  }
}

/** Things an id can name; an unknown or invisible one answers `404 unknown_<thing>`. */
export type UnknownThing =
  | "guild"
  | "channel"
  | "message"
  | "member"
  | "user"
  | "role"
  | "emoji"
  | "application"
  | "ban"
  | "category"
  | "command"
  | "interaction"
  | "webhook"
  | "automod_rule";

/** `404 unknown_<thing>`: it does not exist, or the actor cannot see it (answered alike). */
export class UnknownObjectError extends ApiError {
  constructor(
    readonly thing: UnknownThing,
    message = `unknown ${thing}`,
  ) {
    super(404, `unknown_${thing}`, message);
  }
}

/** `403 not_author`: editing or deleting a message someone else wrote. */
export class NotAuthorError extends ApiError {
  constructor() {
    super(403, "not_author", "only the author may do this to the message");
  }
}

/** `409 nonce_conflict`: the nonce was used with a different message. */
export class NonceConflictError extends ApiError {
  constructor() {
    super(409, "nonce_conflict", "this nonce was already used with a different message");
  }
}

/** `409 conflict`: the change clashes with the world (already a member, name taken...). */
export class ConflictError extends ApiError {
  constructor(message: string) {
    super(409, "conflict", message);
  }
}

/** `429 rate_limited`. `retryAfterMs` is turned into seconds (float). */
export class RateLimitedError extends ApiError {
  constructor(
    readonly retryAfterMs: number,
    readonly global: boolean,
    message = "you are being rate limited",
  ) {
    super(429, "rate_limited", message, { retry_after: retryAfterMs / 1000, global });
  }
}
