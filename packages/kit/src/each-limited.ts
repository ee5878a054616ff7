/**
 * Runs `task` over `items`, at most `limit` at a time, each item once, in order of start; stops
 * starting new ones once `signal` (if given) aborts. Resolves when every started task ended, rejects
 * with the first that threw (the others already started run to their end).
 */
export async function eachLimited<T>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<void>,
  signal?: AbortSignal,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length && !signal?.aborted) await task(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
