import { compareIds, previousId } from "./snowflake-order.js";

/**
 * Per channel, the messages queued for listeners and not handed to them yet, oldest first. A
 * recovery point stays just below them, so a process that ends with them queued reads them back.
 */
export class UndeliveredMessages {
  readonly #channels = new Map<string, { ids: string[]; head: number }>();

  get size(): number {
    return this.#channels.size;
  }

  /** `id` was queued in `channelId` (newer than what is queued there). */
  queued(channelId: string, id: string): void {
    const queued = this.#channels.get(channelId);
    if (queued) queued.ids.push(id);
    else this.#channels.set(channelId, { ids: [id], head: 0 });
  }

  /** `id` left the queue for the listeners. */
  delivered(channelId: string, id: string): void {
    const queued = this.#channels.get(channelId);
    if (!queued || compareIds(queued.ids[queued.head]!, id) !== 0) return;
    queued.head += 1;
    if (queued.head === queued.ids.length) this.#channels.delete(channelId);
    else if (queued.head >= 1_024 && queued.head * 2 >= queued.ids.length) {
      queued.ids.splice(0, queued.head);
      queued.head = 0;
    }
  }

  /** The cursor that leaves a channel's queued messages to be read, or `undefined` if none is queued. */
  below(channelId: string): string | undefined {
    const queued = this.#channels.get(channelId);
    return queued && previousId(queued.ids[queued.head]!);
  }

  /** {@link below} for every channel with messages queued. */
  *entries(): IterableIterator<[string, string]> {
    for (const [channelId, { ids, head }] of this.#channels) yield [channelId, previousId(ids[head]!)];
  }
}
