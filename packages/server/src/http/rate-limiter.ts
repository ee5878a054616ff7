import { RATE_LIMITS, type RateLimitRule } from "@chatbot/protocol";
import type { Clock } from "../kernel/clock.js";

/** The rate limits of the reference server (docs/decisions.md#rest-conventions); each configurable. */
export type RateLimitSettings = { [K in keyof typeof RATE_LIMITS]: RateLimitRule };

/** The defaults: 50/s per bot; 5 per 5 s per channel for messages; 1 per 0.25 s for reactions; ... */
export const DEFAULT_RATE_LIMITS: RateLimitSettings = { ...RATE_LIMITS };

/** The outcome of one {@link RateLimiter.take}. */
export interface RateLimitResult {
  readonly allowed: boolean;
  readonly limit: number;
  readonly remaining: number;
  /** Milliseconds until the window resets. */
  readonly resetAfterMs: number;
  /** The bucket's public name (`X-RateLimit-Bucket`). */
  readonly bucket: string;
}

interface Window {
  count: number;
  resetAt: number;
}

const SWEEP_EVERY = 4096;

/**
 * A generic fixed-window limiter on the server's clock: each bucket allows `limit` requests per
 * window of `windowMs`, the window starting at the bucket's first request. Expired buckets are
 * swept now and then, so memory stays bounded by the buckets active within one window.
 */
export class RateLimiter {
  private readonly windows = new Map<string, Window>();
  private takes = 0;

  constructor(private readonly clock: Clock) {}

  /** Counts one request against `key` (internal, unique) reported as `bucket`. */
  take(key: string, bucket: string, rule: RateLimitRule): RateLimitResult {
    const now = this.clock.now();
    if (++this.takes % SWEEP_EVERY === 0) this.sweep(now);
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + rule.windowMs };
      this.windows.set(key, window);
    }
    const allowed = window.count < rule.limit;
    if (allowed) window.count += 1;
    return {
      allowed,
      limit: rule.limit,
      remaining: Math.max(0, rule.limit - window.count),
      resetAfterMs: window.resetAt - now,
      bucket,
    };
  }

  /**
   * Gives back one request taken from `key`'s current window: a request refused before it was
   * accepted (a bad or too large body, a missing permission) counts for nothing.
   */
  refund(key: string): void {
    const window = this.windows.get(key);
    if (window && window.count > 0 && window.resetAt > this.clock.now()) window.count -= 1;
  }

  /** Forgets every window (`POST /dev/v1/reset`). */
  clear(): void {
    this.windows.clear();
  }

  private sweep(now: number): void {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}
