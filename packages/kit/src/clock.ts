/** A pending timer of a {@link Clock}; `cancel()` stops it from firing (safe to call twice). */
export interface ClockTimer {
  cancel(): void;
}

/**
 * A time source: every deadline of the toolkit (heartbeats, rate-limit windows, the auto-defer,
 * reconnect waits) reads one, so a test can hand the server and the bot the same controllable
 * clock and move both with one `advance`. Any object with these two methods fits.
 */
export interface Clock {
  /** Milliseconds (Unix time for the system clock). */
  now(): number;
  /** Runs `fn` once `delayMs` have passed on this clock. */
  setTimer(delayMs: number, fn: () => void): ClockTimer;
}

/** Options of a {@link SystemClock}. */
export interface SystemClockOptions {
  /**
   * Whether a pending timer keeps the process alive (true, as Node's timers do). A client waiting
   * to reconnect keeps it; a pending deadline of a server or a bot does not.
   */
  readonly keepAlive?: boolean;
}

/** The wall clock with Node's timers. */
export class SystemClock implements Clock {
  readonly #keepAlive: boolean;

  constructor(options: SystemClockOptions = {}) {
    this.#keepAlive = options.keepAlive ?? true;
  }

  now(): number {
    return Date.now();
  }

  setTimer(delayMs: number, fn: () => void): ClockTimer {
    const handle = setTimeout(fn, Math.max(0, delayMs));
    if (!this.#keepAlive) handle.unref();
    return { cancel: () => clearTimeout(handle) };
  }
}

/** The wall clock whose timers keep the process alive (a {@link SystemClock} with the defaults). */
export const systemClock: Clock = new SystemClock();
