import { SerialQueue } from "@chatbot/kit";

/**
 * One rate-limit bucket of the service as the client sees it (message creation in one channel,
 * reactions in one channel, command writes of one scope): its state from the `X-RateLimit-*`
 * headers of the last answer, and a queue that sends its calls one at a time, in the order they
 * were made, so they also arrive (and, for messages, are posted) in that order.
 */
export class RouteBucket {
  /** The service's name of the bucket (`X-RateLimit-Bucket`), once an answer reported it. */
  name: string | null = null;
  private limit = Infinity;
  private remaining = Infinity;
  private resetAt = 0;
  private readonly queue = new SerialQueue();

  /** @param offset milliseconds added to each reset, a margin for the way to the service and back. */
  constructor(private readonly offset: number) {}

  /** Calls queued or running. */
  get size(): number {
    return this.queue.size;
  }

  /** Runs `task` after every call queued before it has finished. */
  run<T>(task: () => Promise<T>): Promise<T> {
    return this.queue.run(task);
  }

  /** Milliseconds until a call may be sent without being refused (0: at once). */
  delay(now = Date.now()): number {
    if (this.remaining > 0 || this.resetAt <= now) return 0;
    return this.resetAt - now;
  }

  /** Counts a call about to be sent against what the last answer reported. */
  take(now = Date.now()): void {
    if (this.resetAt <= now) this.remaining = this.limit;
    this.remaining -= 1;
  }

  /** Reads the bucket's headers from an answer. */
  observe(name: string, limit: number, remaining: number, resetAfterMs: number, now = Date.now()): void {
    this.name = name;
    this.limit = limit;
    this.remaining = remaining;
    this.resetAt = now + resetAfterMs + this.offset;
  }

  /** A `429` of this bucket: nothing is sent until `retryAfterMs` passes. */
  block(retryAfterMs: number, now = Date.now()): void {
    this.remaining = 0;
    this.resetAt = Math.max(this.resetAt, now + retryAfterMs + this.offset);
  }
}
