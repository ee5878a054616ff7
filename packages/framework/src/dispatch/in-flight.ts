/**
 * The handlers running now (a command's, an event's, a job's), and who waits for them all to end:
 * `stop()` waits for them, and the services are disposed once none runs.
 */
export class InFlight {
  #count = 0;
  #idle: Array<() => void> = [];

  /** Handlers running now. */
  get count(): number {
    return this.#count;
  }

  /** One handler began. */
  began(): void {
    this.#count += 1;
  }

  /** One handler ended: who waits for them all is told when none runs. */
  ended(): void {
    if (--this.#count === 0) for (const resolve of this.#idle.splice(0)) resolve();
  }

  /** Resolves once no handler is running. */
  allDone(): Promise<void> {
    if (this.#count === 0) return Promise.resolve();
    return new Promise((resolve) => this.#idle.push(resolve));
  }
}
