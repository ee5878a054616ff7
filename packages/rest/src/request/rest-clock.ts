/** A pending timer of a {@link RestClock}. */
export interface RestClockTimer {
  cancel(): void;
}

/**
 * The time the client's rate-limit waits run on: the buckets' windows, the global limit and the
 * `429` waits. A bot passes its own clock (a test world's, in a test), so those waits follow the
 * same clock as the service's windows and moving it releases them. Retries after network errors,
 * timeouts and `5xx` always wait in real time.
 */
export interface RestClock {
  /** Unix milliseconds. */
  now(): number;
  /** Runs `fn` once `delayMs` have passed on this clock. */
  setTimer(delayMs: number, fn: () => void): RestClockTimer;
}

/** The wall clock with Node's timers. */
export const systemRestClock: RestClock = {
  now: () => Date.now(),
  setTimer(delayMs, fn) {
    const handle = setTimeout(fn, Math.max(0, delayMs));
    return { cancel: () => clearTimeout(handle) };
  },
};

/** Waits `ms` on `clock`; rejects with the signal's reason as soon as `signal` aborts. */
export function sleepOn(clock: RestClock, ms: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted) return Promise.reject(signal.reason);
  if (ms <= 0 && !signal) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      timer.cancel();
      reject(signal?.reason);
    };
    const timer = clock.setTimer(Math.max(0, ms), () => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    });
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
