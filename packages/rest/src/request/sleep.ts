/** Waits `ms` milliseconds; rejects with the signal's reason as soon as `signal` aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted) return Promise.reject(signal.reason);
  if (ms <= 0 && !signal) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(
      () => {
        signal?.removeEventListener("abort", onAbort);
        resolve();
      },
      Math.max(0, ms),
    );
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/** The wait before retry number `attempt` (1, 2, ...): `base` doubled each time, plus up to 50% jitter. */
export function backoff(attempt: number, base: number): number {
  const grown = base * 2 ** (attempt - 1);
  return Math.round(grown + Math.random() * grown * 0.5);
}
