import type { RestClock } from "./rest-clock.js";
import type { SharedRateLimits } from "./shared-rate-limits.js";
/** Options every REST method takes as its last argument. */
export interface RequestOptions {
  /** Aborts the call (also while it waits for a rate limit or a retry); it rejects with the reason. */
  signal?: AbortSignal;
  /** Milliseconds to wait for each attempt's answer; default the client's `timeout`. */
  timeout?: number;
  /**
   * `true` rejects with a `RateLimitError` instead of waiting when the call would be rate limited,
   * or when the service answers `429`. Default the client's `rejectOnRateLimit` (`false`).
   */
  rejectOnRateLimit?: boolean;
  /**
   * `"background"`: work that may wait (the gateway's recovery reads): it goes for the global limit
   * only when no other call waits, and takes at most the client's `backgroundShare` of each window,
   * so the bot's answers never queue behind it. Default `"normal"`.
   */
  priority?: "normal" | "background";
}

/** What one answer looked like, for {@link RestHooks.response}. */
export interface ResponseInfo {
  readonly method: string;
  readonly path: string;
  readonly status: number;
  /** 0 for the first attempt. */
  readonly attempt: number;
}

/** A rate limit the client met, for {@link RestHooks.rateLimited}. */
export interface RateLimitInfo {
  readonly method: string;
  readonly path: string;
  /** Whether the service answered `429` (`false`: the client waited before sending). */
  readonly refused: boolean;
  readonly global: boolean;
  readonly bucket: string | null;
  readonly waitMs: number;
}

/** A retry after a failure, for {@link RestHooks.retry}. */
export interface RetryInfo {
  readonly method: string;
  readonly path: string;
  /** The attempt about to be made (1 for the first retry). */
  readonly attempt: number;
  readonly waitMs: number;
  /** The status that failed, or `null` for a network error or timeout. */
  readonly status: number | null;
}

/** Callbacks to log or count what the client does; each is optional and must not throw. */
export interface RestHooks {
  response?(info: ResponseInfo): void;
  rateLimited?(info: RateLimitInfo): void;
  retry?(info: RetryInfo): void;
}

/** Options of the REST client. */
export interface RestClientOptions {
  /** The bot token; sent as `Authorization: Bot <token>`. */
  token: string;
  /** The service's base URL (`http://127.0.0.1:8787`); the client appends `/v1`. */
  baseUrl: string;
  /** Milliseconds to wait for each attempt's answer; default 15,000. */
  timeout?: number;
  /** Retries of a safe call after a network error, timeout or `5xx`; default 3. */
  retries?: number;
  /** The first retry's wait in milliseconds, doubled each time, with jitter; default 250. */
  retryDelay?: number;
  /** How many `429` answers one call waits out before it fails; default 5. */
  rateLimitRetries?: number;
  /** The longest rate-limit wait in milliseconds before failing with `RateLimitError`; default 60,000. */
  maxRateLimitWait?: number;
  /** Reject instead of waiting on rate limits (see {@link RequestOptions.rejectOnRateLimit}). */
  rejectOnRateLimit?: boolean;
  /**
   * Requests per second of the bot's global limit, kept on the client side; default 50, then what
   * the service's headers say. `Infinity` leaves it to the service.
   */
  globalLimit?: number;
  /**
   * The part of each second of the global limit that calls made with `priority: "background"` may
   * take, from 0 (exclusive) to 1; default 0.5. At least one such call goes each second.
   */
  backgroundShare?: number;
  /**
   * Milliseconds added to every rate-limit reset the client waits for, a margin for the way to the
   * service and back; default 50.
   */
  rateLimitOffset?: number;
  /** Connections to the service at most; default 8. */
  connections?: number;
  /**
   * Calls safe to repeat (reads, sends with a nonce) sent on one connection before the first
   * answers (HTTP pipelining); default 4; `1` turns it off. Interaction replies never share one.
   */
  pipelining?: number;
  /**
   * A `fetch` to send calls with, in place of the built-in undici transport (which is faster);
   * `connections` and `pipelining` then do not apply.
   */
  fetch?: typeof fetch;
  /** Extra headers sent on every call (`User-Agent`, ...). */
  headers?: Record<string, string>;
  /** Callbacks to log or count answers, rate limits and retries. */
  hooks?: RestHooks;
  /**
   * Rate limits shared with the bot's other processes (`@chatbot/cluster` keeps them in Redis):
   * asked before each send, told what each answer said, on top of this client's own limits.
   */
  sharedRateLimits?: SharedRateLimits;
  /**
   * The clock the rate-limit waits run on (buckets, the global limit, `429`s): a bot passes its own,
   * so in a test world they follow the world's clock and `world.clock.advance()` releases them.
   * Default the wall clock. Retries after failures always wait in real time.
   */
  clock?: RestClock;
}
