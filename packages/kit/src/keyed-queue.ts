import { SerialQueue } from "./serial-queue.js";

/**
 * One {@link SerialQueue} per key: tasks of one key run one at a time in order, tasks of different
 * keys side by side (one server's events in order, servers independent). A key's queue is dropped
 * once it has nothing left, so keys seen once cost nothing after.
 */
export class KeyedQueue<K> {
  readonly #lanes = new Map<K, SerialQueue>();

  /** Keys with a task queued or running. */
  get size(): number {
    return this.#lanes.size;
  }

  /** Tasks of `key` queued or running. */
  sizeOf(key: K): number {
    return this.#lanes.get(key)?.size ?? 0;
  }

  /** Runs `task` after every task of `key` queued before it has settled; answers what it answers. */
  run<T>(key: K, task: () => T | PromiseLike<T>): Promise<T> {
    let lane = this.#lanes.get(key);
    if (!lane) {
      const made = new SerialQueue(() => {
        if (this.#lanes.get(key) === made) this.#lanes.delete(key);
      });
      this.#lanes.set(key, (lane = made));
    }
    return lane.run(task);
  }

  /** Resolves once `key` has no task queued or running, counting those queued while it waits. */
  idle(key: K): Promise<void> {
    return this.#lanes.get(key)?.idle() ?? Promise.resolve();
  }
}
