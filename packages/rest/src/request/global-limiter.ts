import { type RestClock, type RestClockTimer, systemRestClock } from "./rest-clock.js";
/** A call waiting for the global limit. */
interface Waiter {
  resolve(): void;
  reject(reason: unknown): void;
  signal: AbortSignal | undefined;
  onAbort: (() => void) | undefined;
}

/**
 * How a call waits for the global limit: `urgent` (interaction replies) before `normal` calls, and
 * `background` calls (recovery's history reads) only when nothing else waits, and at most their
 * share of each window.
 */
export type Lane = "urgent" | "normal" | "background";

/**
 * The bot's global limit (50 requests per second by default) kept on the client: a fixed window
 * like the service's, moved to the service's window whenever an answer reports the `global`
 * bucket, and closed until `retry_after` passes after a global `429`. Calls that must wait are let
 * through in order, interaction replies first, so that they never wait behind message sends, and
 * background calls last, within `backgroundShare` of each window, so that a long recovery never
 * holds up the bot's answers.
 */
export class GlobalLimiter {
  private limit: number;
  private remaining: number;
  private resetAt = 0;
  private blockedUntil = 0;
  /** Background calls let through in the current window. */
  private backgroundUsed = 0;
  private readonly lanes: Record<Lane, Waiter[]> = { urgent: [], normal: [], background: [] };
  private timer: RestClockTimer | undefined;

  /**
   * @param limit requests per window (`Infinity`: no client-side limit).
   * @param offset milliseconds added to each window, so that the client's window never ends before
   * the service's (which starts when the first request arrives).
   * @param backgroundShare the part of each window background calls may take (0 to 1; at least one
   * call a window).
   */
  constructor(
    limit: number,
    private readonly offset: number,
    private readonly clock: RestClock = systemRestClock,
    private readonly backgroundShare = 0.5,
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
  acquire(lane: Lane, signal?: AbortSignal): Promise<void> | undefined {
    // Background calls waiting never hold up the bot's own: they only go when nothing else waits.
    const ahead =
      lane === "background" ? this.waiting() : this.lanes.urgent.length + this.lanes.normal.length;
    if (ahead === 0 && this.take(this.clock.now(), lane)) return undefined;
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = { resolve, reject, signal, onAbort: undefined };
      if (signal) {
        waiter.onAbort = () => {
          this.drop(waiter);
          reject(signal.reason);
        };
        signal.addEventListener("abort", waiter.onAbort, { once: true });
      }
      this.lanes[lane].push(waiter);
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

  private waiting(): number {
    return this.lanes.urgent.length + this.lanes.normal.length + this.lanes.background.length;
  }

  /** Takes one call of the window for `lane`; `false` when the window (or the lane's share) is spent. */
  private take(now: number, lane: Lane): boolean {
    if (this.blockedUntil > now) return false;
    if (this.limit === Infinity) return true;
    if (this.resetAt <= now) {
      this.resetAt = now + 1_000 + this.offset;
      this.remaining = this.limit;
      this.backgroundUsed = 0;
    }
    if (this.remaining <= 0) return false;
    if (lane === "background") {
      if (this.backgroundUsed >= Math.max(1, Math.floor(this.limit * this.backgroundShare))) return false;
      this.backgroundUsed += 1;
    }
    this.remaining -= 1;
    return true;
  }

  private drop(waiter: Waiter): void {
    for (const list of Object.values(this.lanes)) {
      const index = list.indexOf(waiter);
      if (index >= 0) list.splice(index, 1);
    }
  }

  /** The waiter to let through next: urgent, then normal, then background (within its share). */
  private next(now: number): Waiter | undefined {
    const { urgent, normal, background } = this.lanes;
    if (urgent.length + normal.length > 0)
      return this.take(now, "normal") ? (urgent.shift() ?? normal.shift()) : undefined;
    if (background.length > 0 && this.take(now, "background")) return background.shift();
    return undefined;
  }

  private schedule(): void {
    if (this.timer !== undefined) return;
    const now = this.clock.now();
    for (let waiter = this.next(now); waiter !== undefined; waiter = this.next(now)) {
      if (waiter.onAbort) waiter.signal?.removeEventListener("abort", waiter.onAbort);
      waiter.resolve();
    }
    if (this.waiting() === 0) return;
    // Background calls past their share wait for the next window even when the window has room.
    const delay = this.delay(now) || Math.max(1, this.resetAt - now);
    this.timer = this.clock.setTimer(delay, () => {
      this.timer = undefined;
      this.schedule();
    });
  }
}
