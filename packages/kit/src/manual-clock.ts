import type { Clock, ClockTimer } from "./clock.js";
import { type Duration, toMs } from "./duration.js";

interface Pending {
  at: number;
  order: number;
  fn: () => void;
  cancelled: boolean;
}

/**
 * A clock that only moves when told to. `advance(ms)` fires every deadline that falls inside the
 * step, in time order (ties in the order they were set), with `now()` reading each deadline's own
 * time while it fires; timers set by a firing timer fire too when they fall inside the step.
 */
export class ManualClock implements Clock {
  #current: number;
  #order = 0;
  #pending: Pending[] = [];

  constructor(start: number = Date.now()) {
    this.#current = start;
  }

  now(): number {
    return this.#current;
  }

  setTimer(delayMs: number, fn: () => void): ClockTimer {
    const entry: Pending = {
      at: this.#current + Math.max(0, delayMs),
      order: this.#order++,
      fn,
      cancelled: false,
    };
    this.#pending.push(entry);
    return {
      cancel: () => {
        entry.cancelled = true;
      },
    };
  }

  /**
   * Moves the clock forward by `by` (milliseconds of 0 or more, or text such as `"10m"`), firing
   * each deadline inside the step in order.
   */
  advance(by: Duration): number {
    if (typeof by === "number" && (!Number.isFinite(by) || by < 0))
      throw new RangeError(`advance_ms must be 0 or more, got ${by}`);
    const ms = toMs(by, "advance");
    const target = this.#current + ms;
    for (;;) {
      this.#pending = this.#pending.filter((p) => !p.cancelled);
      const next = this.#earliest(target);
      if (!next) break;
      next.cancelled = true;
      this.#current = Math.max(this.#current, next.at);
      next.fn();
    }
    this.#current = target;
    return this.#current;
  }

  /** The earliest deadline waiting (Unix milliseconds on this clock), or null when none waits. */
  get nextDeadline(): number | null {
    let next: number | null = null;
    for (const p of this.#pending) if (!p.cancelled && (next === null || p.at < next)) next = p.at;
    return next;
  }

  /** How many deadlines are waiting (for tests and leak checks). */
  get pendingCount(): number {
    return this.#pending.filter((p) => !p.cancelled).length;
  }

  #earliest(target: number): Pending | undefined {
    let next: Pending | undefined;
    for (const p of this.#pending) {
      if (p.at <= target && (!next || p.at < next.at || (p.at === next.at && p.order < next.order))) next = p;
    }
    return next;
  }
}
