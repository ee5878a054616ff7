import type { GatewayClock, ClockTimer } from "./clock.js";

/** At most `limit` identifies in any window of `windowMs`. */
export interface IdentifyLimit {
  readonly limit: number;
  readonly windowMs: number;
}

/**
 * Keeps a client's `identify` frames under the service's limit (5 in 5 seconds per bot by
 * default): {@link IdentifyLimiter.whenFree} calls back at once when a slot is free, or when the
 * oldest identify of the window leaves it. A slot is taken when the frame is sent.
 */
export class IdentifyLimiter {
  readonly #clock: GatewayClock;
  readonly #rule: IdentifyLimit;
  readonly #sent: number[] = [];

  constructor(clock: GatewayClock, rule: IdentifyLimit) {
    this.#clock = clock;
    this.#rule = rule;
  }

  /** Milliseconds until an identify may be sent (0: now). */
  waitMs(): number {
    const now = this.#clock.now();
    while (this.#sent.length > 0 && this.#sent[0]! <= now - this.#rule.windowMs) this.#sent.shift();
    if (this.#sent.length < this.#rule.limit) return 0;
    return this.#sent[0]! + this.#rule.windowMs - now;
  }

  /** Runs `send` once a slot is free, recording it; the timer cancels a wait still pending. */
  whenFree(send: () => void): ClockTimer {
    const wait = this.waitMs();
    const run = () => {
      if (this.waitMs() > 0) {
        inner = this.whenFree(send);
        return;
      }
      this.#sent.push(this.#clock.now());
      send();
    };
    let inner: ClockTimer | null = null;
    if (wait === 0) {
      run();
      return { cancel: () => inner?.cancel() };
    }
    const timer = this.#clock.setTimer(wait, run);
    return {
      cancel: () => {
        timer.cancel();
        inner?.cancel();
      },
    };
  }
}
