/**
 * Runs tasks one at a time, in the order they were handed over: each starts once every task before
 * it has settled, whether it succeeded or failed. A failed task rejects its own promise only.
 */
export class SerialQueue {
  #tail: Promise<unknown> = Promise.resolve();
  #size = 0;
  #idle: Array<() => void> = [];
  readonly #onIdle: (() => void) | undefined;

  /** @param onIdle called each time the last queued task has settled. */
  constructor(onIdle?: () => void) {
    this.#onIdle = onIdle;
  }

  /** Tasks queued or running. */
  get size(): number {
    return this.#size;
  }

  /** Runs `task` after every task queued before it has settled; answers what it answers. */
  run<T>(task: () => T | PromiseLike<T>): Promise<T> {
    this.#size += 1;
    const result = this.#tail.then(task);
    this.#tail = result.then(this.#done, this.#done);
    return result;
  }

  /** Resolves once no task is queued or running, counting those queued while it waits. */
  idle(): Promise<void> {
    if (this.#size === 0) return Promise.resolve();
    return new Promise((resolve) => this.#idle.push(resolve));
  }

  readonly #done = (): void => {
    if (--this.#size > 0) return;
    for (const resolve of this.#idle.splice(0)) resolve();
    this.#onIdle?.();
  };
}
