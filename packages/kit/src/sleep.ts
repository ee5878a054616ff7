import { type Clock, systemClock } from "./clock.js";

/** Options of {@link sleep}. */
export interface SleepOptions {
  /** Aborting it ends the wait at once, rejecting with the signal's reason. */
  readonly signal?: AbortSignal | undefined;
  /** The clock the wait runs on (the system clock, whose timer keeps the process alive). */
  readonly clock?: Clock | undefined;
}

/** Waits `ms` on the clock; rejects with the signal's reason as soon as `signal` aborts. */
export function sleep(ms: number, options: SleepOptions = {}): Promise<void> {
  const { signal, clock = systemClock } = options;
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
