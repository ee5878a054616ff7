/** Messages of a bad body by dot path (`embeds.0.fields.25`); the root is `""`. */
export type ValidationErrors = Record<string, string[]>;

/** Joins errors into one line: `content: at most 2000 characters; nonce: is required`. */
export function formatValidationErrors(errors: ValidationErrors): string {
  return Object.entries(errors)
    .map(([path, messages]) => `${path === "" ? "body" : path}: ${messages.join(", ")}`)
    .join("; ");
}

/**
 * A body or query that failed its schema. The server answers it with `400`
 * `{ code: "invalid_body", errors }` (webhooks: `50035`).
 */
export class ValidationError extends Error {
  override readonly name = "ValidationError";
  /** The REST error code of a bad body. */
  readonly code = "invalid_body";
  /** The HTTP status of a bad body. */
  readonly status = 400;
  /** Messages by dot path. */
  readonly errors: ValidationErrors;

  constructor(errors: ValidationErrors, options?: ErrorOptions) {
    super(`Invalid body: ${formatValidationErrors(errors)}`, options);
    this.errors = errors;
  }
}

/** Whether `error` is a {@link ValidationError}. */
export function isValidationError(error: unknown): error is ValidationError {
  return error instanceof ValidationError;
}
