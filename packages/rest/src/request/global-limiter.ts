import { type RestClock, type RestClockTimer, systemRestClock } from "./rest-clock.js";
/** A call waiting for the global limit. */
interface Waiter {
  resolve(): void;
  reject(reason: unknown): void;
  signal: AbortSignal | undefined;
  onAbort: (() => void) | undefined;
}

/**
 * The bot's global limit (50 requests per second by default) kept on the client: a fixed window
 * like the service's, moved to the service's window whenever an answer reports the `global`
 * bucket, and closed until `retry_after` passes after a global `429`. Calls that must wait are let
 * through in order, interaction replies first, so that they never wait behind message sends.
 */
export class GlobalLimiter {
  private limit: number;
  private remaining: number;
  private resetAt = 0;
  private blockedUntil = 0;
  private readonly urgent: Waiter[] = [];
  private readonly normal: Waiter[] = [];
  private timer: RestClockTimer | undefined;

  /**
   * @param limit requests per window (`Infinity`: no client-side limit).
   * @param offset milliseconds added to each window, so that the client's window never ends before
   * the service's (which starts when the first request arrives).
   */
  constructor(
    limit: number,
    private readonly offset: number,
    private readonly clock: RestClock = systemRestClock,
  ) {
    this.limit = limit;
    this.remaining = limit;
  }

  /** Milliseconds a call made now would wait (0 when it could go at once). */
  delay(now = this.clock.now()): number {
    if (this.blockedUntil > now) return this.blockedUntil - now;
    if (this.limit === Infinity || this.resetAt <= now || this.remaining > 0) return 0;
    return this.resetAt - now;
  }

  /**
   * Takes one request of the window, waiting for the next window when none is left. Returns
   * `undefined` when the call may go at once (no promise made on the fast path).
   */
  acquire(urgent: boolean, signal?: AbortSignal): Promise<void> | undefined {
    if (this.urgent.length + this.normal.length === 0 && this.take(this.clock.now())) return undefined;
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = { resolve, reject, signal, onAbort: undefined };
      if (signal) {
        waiter.onAbort = () => {
          this.drop(waiter);
          reject(signal.reason);
        };
        signal.addEventListener("abort", waiter.onAbort, { once: true });
      }
      (urgent ? this.urgent : this.normal).push(waiter);
      this.schedule();
    });
  }

  /** Reads the `global` bucket's headers: the service's limit and window. */
  observe(limit: number, remaining: number, resetAfterMs: number, now = this.clock.now()): void {
    if (this.limit !== Infinity && limit > 0) this.limit = limit;
    // The service's count is the truth; the client's own may be lower still by the calls on the way.
    this.resetAt = now + resetAfterMs + this.offset;
    this.remaining = Math.min(this.remaining, remaining);
  }

  /** A global `429`: nothing goes until `retryAfterMs` passes. */
  block(retryAfterMs: number, now = this.clock.now()): void {
    this.blockedUntil = Math.max(this.blockedUntil, now + retryAfterMs + this.offset);
    // The service's window ends when its `retry_after` does: a new one starts then.
    this.remaining = 0;
    this.resetAt = this.blockedUntil;
  }

  private take(now: number): boolean {
    if (this.blockedUntil > now) return false;
    if (this.limit === Infinity) return true;
    if (this.resetAt <= now) {
      this.resetAt = now + 1_000 + this.offset;
      this.remaining = this.limit;
    }
    if (this.remaining <= 0) return false;
    this.remaining -= 1;
    return true;
  }

  private drop(waiter: Waiter): void {
    for (const list of [this.urgent, this.normal]) {
      const index = list.indexOf(waiter);
      if (index >= 0) list.splice(index, 1);
    }
  }

  private schedule(): void {
    if (this.timer !== undefined) return;
    const now = this.clock.now();
    while (this.urgent.length + this.normal.length > 0 && this.take(now)) {
      const waiter = (this.urgent.shift() ?? this.normal.shift()) as Waiter;
      if (waiter.onAbort) waiter.signal?.removeEventListener("abort", waiter.onAbort);
      waiter.resolve();
    }
    if (this.urgent.length + this.normal.length === 0) return;
    this.timer = this.clock.setTimer(this.delay(now), () => {
      this.timer = undefined;
      this.schedule();
    });
  }
}
