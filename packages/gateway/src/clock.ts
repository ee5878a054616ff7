/** A pending timer; `cancel()` stops it from firing (safe to call twice). */
export interface ClockTimer {
  cancel(): void;
}

/**
 * The time source of a {@link GatewayClient}: heartbeats, reconnect waits, the identify limit and
 * the stable-connection timer all read it. The shape matches the reference server's clocks, so a
 * test can hand the client the server's manual clock and move both with one `advance`.
 */
export interface GatewayClock {
  /** Milliseconds (Unix time for the real clock). */
  now(): number;
  /** Runs `fn` once `delayMs` have passed on this clock. */
  setTimer(delayMs: number, fn: () => void): ClockTimer;
}

/**
 * The wall clock with Node's timers. Its timers keep the process alive, so a bot waiting to
 * reconnect does not exit.
 */
export const realClock: GatewayClock = {
  now: () => Date.now(),
  setTimer(delayMs, fn) {
    const handle = setTimeout(fn, Math.max(0, delayMs));
    return { cancel: () => clearTimeout(handle) };
  },
};
