import { compareIds } from "@chatbot/gateway";

/** One channel's messages handed to handlers, in the order received, and those of them done. */
interface Channel {
  ids: string[];
  head: number;
  done: Set<string>;
}

/**
 * Per channel, the messages whose handlers have not all finished, in the order they were handed
 * over (ids grow with it). Handlers may end in any order; what counts for a cursor is the oldest
 * still running: everything before it was handled.
 */
export class MessagesInFlight {
  readonly #channels = new Map<string, Channel>();

  /** Handlers of `id` started. */
  began(channelId: string, id: string): void {
    const channel = this.#channels.get(channelId);
    if (channel) channel.ids.push(id);
    else this.#channels.set(channelId, { ids: [id], head: 0, done: new Set() });
  }

  /** Handlers of `id` ended; answers whether the channel's oldest unfinished message moved. */
  ended(channelId: string, id: string): boolean {
    const channel = this.#channels.get(channelId);
    if (!channel) return false;
    if (compareIds(channel.ids[channel.head]!, id) !== 0) {
      channel.done.add(id);
      return false;
    }
    channel.head += 1;
    while (channel.head < channel.ids.length && channel.done.delete(channel.ids[channel.head]!)) {
      channel.head += 1;
    }
    if (channel.head === channel.ids.length) this.#channels.delete(channelId);
    else if (channel.head >= 1_024 && channel.head * 2 >= channel.ids.length) {
      channel.ids.splice(0, channel.head);
      channel.head = 0;
    }
    return true;
  }

  /** The oldest unfinished message of `channelId`, or `undefined` when none runs there. */
  oldest(channelId: string): string | undefined {
    const channel = this.#channels.get(channelId);
    return channel?.ids[channel.head];
  }

  /** The newest message of `channelId` whose handlers began, while one there runs. */
  newest(channelId: string): string | undefined {
    return this.#channels.get(channelId)?.ids.at(-1);
  }

  /**
   * The messages of `channelId` whose handlers ended after {@link oldest} (which still runs), at most
   * `limit`, the newest kept when there are more.
   */
  finishedBeyond(channelId: string, limit: number): string[] {
    const done = this.#channels.get(channelId)?.done;
    if (done === undefined || done.size === 0) return [];
    const ids = [...done];
    return ids.length <= limit ? ids : ids.sort(compareIds).slice(-limit);
  }

  /** {@link oldest} of every channel with a message running. */
  *entries(): IterableIterator<[string, string]> {
    for (const [channelId, { ids, head }] of this.#channels) yield [channelId, ids[head]!];
  }
}
