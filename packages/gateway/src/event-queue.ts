/**
 * Milliseconds of delivery to synchronous listeners before the queue lets I/O run again (the socket
 * reads many frames per turn of the event loop, so a fixed count per turn would fall behind).
 */
const SLICE_MS = 8;

/**
 * The queue between the socket and the listeners. The socket's callback only pushes; delivery runs
 * after it (in a microtask, once the callback has read its whole chunk of frames), one item at a
 * time and in order, waiting for `deliver` when it answers a
 * promise (a slow async listener). Frames keep being read meanwhile, so the service's read backlog
 * stays near zero whatever the listeners do.
 *
 * The queue is bounded: a bounded push past `limit` queued items is refused (the caller counts and
 * reports it). Unbounded pushes (lifecycle events) always go in.
 */
export class EventQueue<T> {
  readonly #deliver: (item: T) => Promise<void> | undefined;
  readonly #limit: number;
  #items: T[] = [];
  #head = 0;
  #running = false;
  #idle: Array<() => void> = [];
  #peak = 0;

  constructor(limit: number, deliver: (item: T) => Promise<void> | undefined) {
    this.#limit = limit;
    this.#deliver = deliver;
  }

  /** Items waiting to be delivered (the one being delivered is not counted). */
  get size(): number {
    return this.#items.length - this.#head;
  }

  /** The largest {@link size} seen so far. */
  get peak(): number {
    return this.#peak;
  }

  /** Queues `item`; `false` (and nothing queued) when `bounded` and the queue holds `limit` items. */
  push(item: T, bounded: boolean): boolean {
    if (bounded && this.size >= this.#limit) return false;
    this.#items.push(item);
    if (this.size > this.#peak) this.#peak = this.size;
    if (!this.#running) {
      this.#running = true;
      // After the socket's callback returns; events die young, so garbage collection stays cheap.
      queueMicrotask(() => void this.#run());
    }
    return true;
  }

  /** Resolves once every item queued so far has been delivered. */
  idle(): Promise<void> {
    if (!this.#running) return Promise.resolve();
    return new Promise((resolve) => this.#idle.push(resolve));
  }

  async #run(): Promise<void> {
    let sliceEnd = performance.now() + SLICE_MS;
    let count = 0;
    while (this.#head < this.#items.length) {
      const item = this.#items[this.#head]!;
      this.#items[this.#head] = undefined as T;
      this.#head += 1;
      if (this.#head >= 1024 && this.#head * 2 >= this.#items.length) {
        this.#items = this.#items.slice(this.#head);
        this.#head = 0;
      }
      const pending = this.#deliver(item);
      if (pending) {
        await pending;
        sliceEnd = performance.now() + SLICE_MS;
      } else if ((++count & 63) === 0 && performance.now() >= sliceEnd) {
        await new Promise<void>((resolve) => setImmediate(resolve));
        sliceEnd = performance.now() + SLICE_MS;
      }
    }
    this.#items = [];
    this.#head = 0;
    this.#running = false;
    for (const resolve of this.#idle.splice(0)) resolve();
  }
}
