import { backoffDelay, sleep } from "@chatbot/kit";
import { ClientClosedError } from "../errors/client-closed-error.js";
import { NetworkError } from "../errors/network-error.js";
import { RateLimitError, type RateLimitDetails } from "../errors/rate-limit-error.js";
import type { RequestTarget } from "../errors/rest-error.js";
import { TimeoutError } from "../errors/timeout-error.js";
import { GlobalLimiter } from "./global-limiter.js";
import type { RequestOptions, RestHooks } from "./request-options.js";
import { type CallStats, RestTelemetry } from "./rest-telemetry.js";
import { RouteBucket } from "./route-bucket.js";
import type { SharedRateLimits } from "./shared-rate-limits.js";
import type { RestResult, RouteCall } from "./route-call.js";
import type { RestClock } from "./rest-clock.js";
import { queryString, rateLimitDetails, read, waitInfo } from "./read-answer.js";
import {
  fetchTransport,
  type Transport,
  type TransportResponse,
  TransportTimeoutError,
  undiciTransport,
} from "./transport.js";

/** How a {@link Requester} is set up; the clients fill in their defaults. */
export interface RequesterConfig {
  /** Prepended to every call's path (`http://host/v1`). */
  readonly baseUrl: string;
  /** The path shown in errors in place of the base URL's path (hides a webhook's secret). */
  readonly shownBase: string;
  readonly headers: Record<string, string>;
  readonly timeout: number;
  readonly retries: number;
  readonly retryDelay: number;
  readonly rateLimitRetries: number;
  readonly maxRateLimitWait: number;
  readonly rejectOnRateLimit: boolean;
  readonly globalLimit: number;
  /** The part of each global window calls with `priority: "background"` may take. */
  readonly backgroundShare: number;
  readonly rateLimitOffset: number;
  readonly fetch: typeof fetch | undefined;
  readonly connections: number;
  readonly pipelining: number;
  readonly hooks: RestHooks;
  /** The clock of the rate-limit waits (5xx retries wait in real time). */
  readonly clock: RestClock;
  /** Rate limits shared with the bot's other processes, or null. */
  readonly shared: SharedRateLimits | null;
}

/**
 * Sends calls through a transport and applies the client's policies: the global limit and
 * per-bucket limits learned from the `X-RateLimit-*` headers (waiting instead of being refused), `429` waited out and
 * retried, network errors, timeouts and `5xx` retried with growing waits and jitter where the call is
 * safe to repeat, and every failure turned into one of the client's error classes.
 */
export class Requester {
  private readonly transport: Transport;
  private readonly global: GlobalLimiter;
  private readonly buckets = new Map<string, RouteBucket>();
  private readonly headers: Record<string, string>;
  private readonly jsonHeaders: Record<string, string>;
  readonly #telemetry = new RestTelemetry();

  constructor(private readonly config: RequesterConfig) {
    // undici's dispatcher by default; a `fetch` of the caller's with a deadline of each attempt.
    this.transport = config.fetch
      ? fetchTransport(config.fetch, config.baseUrl)
      : undiciTransport({
          baseUrl: config.baseUrl,
          connections: config.connections,
          pipelining: config.pipelining,
        });
    this.headers = { ...config.headers };
    this.jsonHeaders = { ...config.headers, "content-type": "application/json" };
    this.global = new GlobalLimiter(
      config.globalLimit,
      config.rateLimitOffset,
      config.clock,
      config.backgroundShare,
    );
  }

  #closed = false;

  /** Closes the connections; calls made afterwards fail at once with a {@link ClientClosedError}. */
  close(): Promise<void> {
    this.#closed = true;
    return this.transport.close();
  }

  /** Calls made and not settled yet (waiting for a limit, sending, or waiting to retry). */
  get inFlight(): number {
    return this.#inFlight;
  }

  /**
   * Resolves once every call in flight is either settled or waiting on the client's clock: for a
   * rate limit, or held by the service on its clock (a test world's latency fault, which answers
   * `102 Processing` at once), which only that clock's moving releases.
   */
  idle(): Promise<void> {
    if (this.#inFlight === this.#onClock) return Promise.resolve();
    return new Promise((resolve) => this.#idle.push(resolve));
  }

  /** Sends `call` under the client's policies; resolves with the answer or rejects with an error class. */
  request<T>(call: RouteCall): Promise<RestResult<T>> {
    this.#inFlight += 1;
    const stats: CallStats = { waitedMs: 0, retries: 0, status: null };
    return this.#telemetry
      .call(call, stats, () => this.#request<T>(call, stats))
      .then(
        (result) => {
          this.#inFlight -= 1;
          this.#check();
          return result;
        },
        (error: unknown) => {
          this.#inFlight -= 1;
          this.#check();
          throw error;
        },
      );
  }

  #inFlight = 0;
  /** Calls waiting for a rate limit on the clock. */
  #onClock = 0;
  #idle: Array<() => void> = [];

  #check(): void {
    if (this.#inFlight === this.#onClock && this.#idle.length > 0)
      for (const resolve of this.#idle.splice(0)) resolve();
  }

  /** Waits `ms` on the clock for a rate limit, counted as such for {@link idle}. */
  #waitOnClock(ms: number, signal: AbortSignal | undefined): Promise<void> {
    return this.#onClockWhile(sleep(ms, { clock: this.config.clock, signal }));
  }

  async #onClockWhile(waiting: Promise<void>): Promise<void> {
    this.#onClock += 1;
    this.#check();
    try {
      await waiting;
    } finally {
      this.#onClock -= 1;
    }
  }

  #request<T>(call: RouteCall, stats: CallStats): Promise<RestResult<T>> {
    const signal = call.options?.signal;
    if (signal?.aborted) return Promise.reject(signal.reason);
    if (call.bucket === undefined) return this.attempts<T>(call, undefined, stats);
    let bucket = this.buckets.get(call.bucket);
    if (!bucket) {
      if (this.buckets.size >= 1_000) this.sweep();
      bucket = new RouteBucket(this.config.rateLimitOffset);
      this.buckets.set(call.bucket, bucket);
    }
    const queued = bucket;
    const queuedAt = this.config.clock.now();
    return queued.run(() => {
      // Calls of one bucket go one at a time: the time behind the others counts as waiting.
      stats.waitedMs += this.config.clock.now() - queuedAt;
      return this.attempts<T>(call, queued, stats);
    });
  }

  private async attempts<T>(
    call: RouteCall,
    bucket: RouteBucket | undefined,
    stats: CallStats,
  ): Promise<RestResult<T>> {
    const options = call.options ?? {};
    const target: RequestTarget = { method: call.method, path: this.config.shownBase + call.path };
    let failures = 0;
    let refusals = 0;
    for (let attempt = 0; ; attempt++) {
      stats.retries = attempt;
      if (this.#closed) throw new ClientClosedError(target);
      const before = this.config.clock.now();
      await this.waitForLimits(call, bucket, target, options);
      stats.waitedMs += this.config.clock.now() - before;
      let response: TransportResponse;
      try {
        response = await this.send(call, options);
      } catch (error) {
        if (options.signal?.aborted) throw options.signal.reason;
        // Closed meanwhile: the transport's failure is the close's doing, and retrying cannot help.
        if (this.#closed) throw new ClientClosedError(target);
        const timeout = options.timeout ?? this.config.timeout;
        const failure =
          error instanceof TransportTimeoutError
            ? new TimeoutError(timeout, target, { cause: error })
            : new NetworkError(error, target);
        if (!call.retry || failures >= this.config.retries) throw failure;
        failures += 1;
        await this.retryWait(target, failures, null, options.signal);
        continue;
      }
      const status = response.status;
      stats.status = status;
      this.observe(response.headers, bucket);
      if (this.config.shared) await this.observeShared(this.config.shared, response.headers, call);
      this.config.hooks.response?.({ ...target, status, attempt });
      if (status === 429) {
        const details = await rateLimitDetails(response);
        this.#telemetry.refused(call, stats, details.global, details.retryAfterMs);
        this.config.hooks.rateLimited?.({ ...target, refused: true, ...waitInfo(details) });
        if (
          (options.rejectOnRateLimit ?? this.config.rejectOnRateLimit) ||
          refusals >= this.config.rateLimitRetries ||
          details.retryAfterMs > this.config.maxRateLimitWait
        ) {
          throw new RateLimitError(details, target);
        }
        refusals += 1;
        await this.config.shared?.block(
          details.global ? "global" : (call.bucket ?? "global"),
          details.retryAfterMs,
        );
        if (details.global) this.global.block(details.retryAfterMs);
        else if (bucket) bucket.block(details.retryAfterMs, this.config.clock.now());
        else {
          // No bucket holds this wait for the next attempt: it is waited here, and counted.
          const waitMs = details.retryAfterMs + this.config.rateLimitOffset;
          await this.#waitOnClock(waitMs, options.signal);
          stats.waitedMs += waitMs;
        }
        continue;
      }
      if (status >= 500 && call.retry && failures < this.config.retries) {
        await response.text();
        failures += 1;
        await this.retryWait(target, failures, status, options.signal);
        continue;
      }
      return read<T>(response, target);
    }
  }

  private async waitForLimits(
    call: RouteCall,
    bucket: RouteBucket | undefined,
    target: RequestTarget,
    options: RequestOptions,
  ): Promise<void> {
    const now = this.config.clock.now();
    const bucketWait = bucket?.delay(now) ?? 0;
    const globalWait = this.global.delay(now);
    if (bucketWait > 0 || globalWait > 0) {
      const details: RateLimitDetails = {
        retryAfterMs: Math.max(bucketWait, globalWait),
        global: globalWait >= bucketWait,
        bucket: globalWait >= bucketWait ? "global" : (bucket?.name ?? call.bucket ?? null),
      };
      this.config.hooks.rateLimited?.({ ...target, refused: false, ...waitInfo(details) });
      if (
        (options.rejectOnRateLimit ?? this.config.rejectOnRateLimit) ||
        details.retryAfterMs > this.config.maxRateLimitWait
      ) {
        throw new RateLimitError(details, target);
      }
      if (bucketWait > 0) await this.#waitOnClock(bucketWait, options.signal);
    }
    bucket?.take(this.config.clock.now());
    const lane =
      call.urgent === true ? "urgent" : options.priority === "background" ? "background" : "normal";
    const waiting = this.global.acquire(lane, options.signal);
    if (waiting) await this.#onClockWhile(waiting);
    if (this.config.shared) await this.waitShared(this.config.shared, call, target, options);
  }

  /** Asks the limits shared with the bot's other processes until they let the call go. */
  private async waitShared(
    shared: SharedRateLimits,
    call: RouteCall,
    target: RequestTarget,
    options: RequestOptions,
  ): Promise<void> {
    for (;;) {
      const waitMs = await shared.take(call.bucket ?? null);
      if (waitMs <= 0) return;
      if (
        (options.rejectOnRateLimit ?? this.config.rejectOnRateLimit) ||
        waitMs > this.config.maxRateLimitWait
      ) {
        throw new RateLimitError(
          { retryAfterMs: waitMs, global: false, bucket: call.bucket ?? null },
          target,
        );
      }
      this.config.hooks.rateLimited?.({
        ...target,
        refused: false,
        global: false,
        bucket: call.bucket ?? null,
        waitMs,
      });
      await this.#waitOnClock(waitMs, options.signal);
    }
  }

  private async send(call: RouteCall, options: RequestOptions): Promise<TransportResponse> {
    const body = call.body === undefined ? undefined : JSON.stringify(call.body);
    // A call the service holds on its clock (`102 Processing`) counts as waiting on the clock.
    let held = false;
    const onHeld = () => {
      if (held) return;
      held = true;
      this.#onClock += 1;
      this.#check();
    };
    try {
      return await this.transport({
        path: call.path + (call.query ? queryString(call.query) : ""),
        method: call.method,
        headers: body === undefined ? this.headers : this.jsonHeaders,
        body,
        idempotent: call.retry === true,
        urgent: call.urgent === true,
        timeout: options.timeout ?? this.config.timeout,
        signal: options.signal,
        onHeld,
      });
    } finally {
      if (held) this.#onClock -= 1;
    }
  }

  private observe(headers: TransportResponse["headers"], bucket: RouteBucket | undefined): void {
    const name = headers.get("x-ratelimit-bucket");
    if (name === null) return;
    const limit = Number(headers.get("x-ratelimit-limit"));
    const remaining = Number(headers.get("x-ratelimit-remaining"));
    const resetAfterMs = Number(headers.get("x-ratelimit-reset-after")) * 1_000;
    if (!Number.isFinite(limit) || !Number.isFinite(remaining) || !Number.isFinite(resetAfterMs)) return;
    if (name === "global") this.global.observe(limit, remaining, resetAfterMs);
    else bucket?.observe(name, limit, remaining, resetAfterMs, this.config.clock.now());
  }

  /** Tells the shared limits what an answer's headers said (under the call's bucket key). */
  private async observeShared(
    shared: SharedRateLimits,
    headers: TransportResponse["headers"],
    call: RouteCall,
  ) {
    const name = headers.get("x-ratelimit-bucket");
    if (name === null) {
      // No limit was said: the probe that let this call through ends, and calls go freely.
      if (call.bucket !== undefined) await shared.unlimited?.(call.bucket);
      return;
    }
    const state = {
      limit: Number(headers.get("x-ratelimit-limit")),
      remaining: Number(headers.get("x-ratelimit-remaining")),
      resetAfterMs: Number(headers.get("x-ratelimit-reset-after")) * 1_000 + this.config.rateLimitOffset,
    };
    if (
      !Number.isFinite(state.limit) ||
      !Number.isFinite(state.remaining) ||
      !Number.isFinite(state.resetAfterMs)
    )
      return;
    await shared.observe(name === "global" ? "global" : (call.bucket ?? name), state);
  }

  private async retryWait(
    target: RequestTarget,
    attempt: number,
    status: number | null,
    signal: AbortSignal | undefined,
  ): Promise<void> {
    const waitMs = backoffDelay(
      { initialDelayMs: this.config.retryDelay, jitter: 0.5, jitterDirection: "up" },
      attempt,
    );
    this.config.hooks.retry?.({ ...target, attempt, waitMs, status });
    await sleep(waitMs, { signal });
  }

  /** Forgets idle buckets whose window has passed, so one per channel ever used does not pile up. */
  private sweep(): void {
    const now = this.config.clock.now();
    for (const [key, bucket] of this.buckets) {
      if (bucket.size === 0 && bucket.delay(now) === 0) this.buckets.delete(key);
    }
  }
}
