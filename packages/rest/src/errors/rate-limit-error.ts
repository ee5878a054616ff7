import { RestError, type RequestTarget } from "./rest-error.js";

/** What a {@link RateLimitError} says about the limit. */
export interface RateLimitDetails {
  /** Milliseconds until the call may be made. */
  readonly retryAfterMs: number;
  /** Whether the limit is the bot's global one (50 per second by default). */
  readonly global: boolean;
  /** The bucket's name (`X-RateLimit-Bucket`), when known. */
  readonly bucket: string | null;
}

/**
 * A rate limit the client did not wait out: the caller opted out of waiting
 * (`rejectOnRateLimit`), the wait was longer than `maxRateLimitWait`, or the service kept answering
 * `429` past `rateLimitRetries`.
 */
export class RateLimitError extends RestError implements RateLimitDetails {
  override readonly name = "RateLimitError";
  readonly code = "rate_limited";
  readonly status = 429;
  readonly retryAfterMs: number;
  readonly global: boolean;
  readonly bucket: string | null;

  constructor(details: RateLimitDetails, target: RequestTarget, options?: ErrorOptions) {
    const scope = details.global ? "the global limit" : `bucket ${details.bucket ?? "of this route"}`;
    super(`rate limited by ${scope}; retry after ${Math.ceil(details.retryAfterMs)} ms`, target, options);
    this.retryAfterMs = details.retryAfterMs;
    this.global = details.global;
    this.bucket = details.bucket;
  }
}

/** Whether `error` is a {@link RateLimitError}. */
export function isRateLimitError(error: unknown): error is RateLimitError {
  return error instanceof RateLimitError;
}
