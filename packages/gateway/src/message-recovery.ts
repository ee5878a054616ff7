import type { Channel, Message } from "@chatbot/protocol";
import type { ReadableChannels } from "./readable-channels.js";
import { compareIds } from "./snowflake-order.js";

/** What recovery needs of a REST client: `RestClient` from `@chatbot/rest` is one. */
export interface MessageHistory {
  listMessages(
    channelId: string,
    query: { before?: string; after?: string; limit?: number },
    options?: { signal?: AbortSignal },
  ): Promise<readonly Message[] & { readonly historyHidden: boolean }>;
}

/**
 * Why a channel was left out of recovery. `failed`: its history could not be read; the client keeps
 * its place and reads it again (`retrying: true`) until it succeeds or the channel is `gone`.
 */
export type RecoverySkipReason =
  "missing_read_message_history" | "history_hidden" | "limit_reached" | "failed" | "gone";

/** A channel left out of recovery (or only partly recovered, for `limit_reached`). */
export interface RecoverySkip {
  readonly channelId: string;
  readonly guildId: string;
  readonly reason: RecoverySkipReason;
  /** The REST error, for `failed` and `gone`. */
  readonly error?: unknown;
  /** For `failed`: the channel is read again after the next wait; nothing past its place is handed over meanwhile. */
  readonly retrying?: boolean;
}

/** Where recovery sends what it finds. */
export interface RecoveryOutput {
  /** Queues one `MESSAGE_CREATE`, `recovered` when it came from REST. */
  message(message: Message, recovered: boolean): void;
  skipped(skip: RecoverySkip): void;
}

const PAGE = 100;

/**
 * Missed messages after a reconnect. Per channel it keeps the newest message handed to listeners
 * (`cursor`) and, for channels with no message seen yet, the newest one that existed when the
 * client first saw the channel (`floor`, one `limit=1` read; 0 for a channel made since). After a reconnect it lists
 * each readable channel back from the newest message to the later of the two, and hands the
 * messages over oldest first, merged with the live ones that arrived meanwhile (held back while the
 * channel is being read), each exactly once.
 */
export class MessageRecovery {
  readonly #history: MessageHistory;
  readonly #channels: ReadableChannels;
  readonly #out: RecoveryOutput;
  readonly #maxPerChannel: number;
  readonly #cursor = new Map<string, string>();
  readonly #floor = new Map<string, string>();
  readonly #held = new Map<string, Message[]>();
  /**
   * Channels whose last read failed: their place is kept, and the live messages that arrived since
   * wait here (at most `maxPerChannel`; more are read from the history later) until a read succeeds.
   */
  readonly #pending = new Map<string, Message[]>();
  readonly #reported = new Set<string>();
  /** The newest id the client has seen (messages, channels): what is newer was made after. */
  #newest: string | null = null;
  /** The newest message id the client has seen. */
  #newestMessage: string | null = null;

  constructor(
    history: MessageHistory,
    channels: ReadableChannels,
    out: RecoveryOutput,
    maxPerChannel: number,
  ) {
    this.#history = history;
    this.#channels = channels;
    this.#out = out;
    this.#maxPerChannel = maxPerChannel;
  }

  /**
   * Channels seen in a snapshot or a channel event. One the client knew nothing of whose id is newer
   * than every id it has seen was made since: all its messages are new to the client, so its floor
   * is 0 (a channel made during a drop is recovered whole). Older unknown ones wait for
   * {@link baseline}.
   */
  channelsSeen(channels: readonly Channel[]): void {
    const newest = this.#newest;
    for (const channel of channels) {
      if (newest !== null && !this.#known(channel.id) && compareIds(channel.id, newest) > 0) {
        this.#floor.set(channel.id, "0");
      }
    }
    for (const channel of channels) this.#note(channel.id);
  }

  /** Channels whose history could not be read yet: they are read again after the next wait. */
  get pendingChannels(): number {
    return this.#pending.size;
  }

  /** A live `MESSAGE_CREATE`: hands it over unless it was already, or holds it during a read. */
  live(message: Message): void {
    this.#note(message.id);
    this.#noteMessage(message.id);
    if (this.#pending.size > 0) {
      const waiting = this.#pending.get(message.channel_id);
      if (waiting) {
        if (waiting.length < this.#maxPerChannel) waiting.push(message);
        return;
      }
    }
    if (this.#held.size > 0) {
      const held = this.#held.get(message.channel_id);
      if (held) {
        held.push(message);
        return;
      }
    }
    this.#emit(message, false);
  }

  /** Sets the floor of each readable channel that has neither a cursor nor a floor yet. */
  async baseline(signal: AbortSignal): Promise<void> {
    const todo = this.#channels
      .list()
      .filter(({ channel, access }) => access === "history" && !this.#known(channel.id));
    await eachLimited(todo, 4, signal, async ({ channel }) => {
      try {
        const newest = await this.#history.listMessages(channel.id, { limit: 1 }, { signal });
        if (!this.#known(channel.id)) this.#floor.set(channel.id, newest[0]?.id ?? "0");
      } catch (error) {
        // Without a floor the channel is read again at the next ready; only an abort stops here.
        if (signal.aborted) throw error;
      }
    });
  }

  /** Reads what each readable channel missed; answers how many messages were recovered. */
  async recover(signal: AbortSignal): Promise<number> {
    // A readable channel the client never heard of (no `guilds` intent: no CHANNEL_CREATE) had no
    // message handed over, or it would have a cursor: what it holds newer than the newest message
    // seen before the drop was posted during the drop (ids grow with time across the service).
    const before = this.#newestMessage;
    if (before !== null) {
      for (const { channel, access } of this.#channels.list()) {
        if (access === "history" && !this.#known(channel.id)) this.#floor.set(channel.id, before);
      }
    }
    return this.#recoverAll(signal, () => true);
  }

  /** Reads again the channels whose last read failed; answers how many messages were recovered. */
  async retryPending(signal: AbortSignal): Promise<number> {
    const readable = new Set(this.#channels.list().map(({ channel }) => channel.id));
    for (const [channelId, waiting] of this.#pending) {
      if (readable.has(channelId)) continue;
      // Deleted, or out of the bot's sight: nothing more can be read there.
      this.#pending.delete(channelId);
      for (const message of waiting) this.#emit(message, false);
    }
    return this.#recoverAll(signal, (channelId) => this.#pending.has(channelId));
  }

  async #recoverAll(signal: AbortSignal, wanted: (channelId: string) => boolean): Promise<number> {
    let count = 0;
    const todo = this.#channels.list().filter(({ channel, access }) => {
      if (!wanted(channel.id)) return false;
      if (access === "history") return this.#known(channel.id);
      this.#skipOnce(channel, "missing_read_message_history");
      return false;
    });
    for (const { channel } of todo) this.#held.set(channel.id, []);
    try {
      await eachLimited(todo, 4, signal, async ({ channel }) => {
        const recovered = await this.#recoverChannel(channel, signal);
        count += recovered;
      });
    } finally {
      // Held messages of channels never read (aborted): dropped; they are in the history the next
      // recovery reads, since the cursor did not move past them.
      this.#held.clear();
    }
    return count;
  }

  #note(id: string): void {
    if (this.#newest === null || compareIds(id, this.#newest) > 0) this.#newest = id;
  }

  #noteMessage(id: string): void {
    if (this.#newestMessage === null || compareIds(id, this.#newestMessage) > 0) this.#newestMessage = id;
  }

  #known(channelId: string): boolean {
    return this.#cursor.has(channelId) || this.#floor.has(channelId);
  }

  async #recoverChannel(channel: Channel, signal: AbortSignal): Promise<number> {
    const from = maxId(this.#cursor.get(channel.id), this.#floor.get(channel.id));
    const found: Message[] = [];
    let before: string | undefined;
    try {
      for (;;) {
        const page = await this.#history.listMessages(
          channel.id,
          before === undefined ? { limit: PAGE } : { limit: PAGE, before },
          { signal },
        );
        if (page.historyHidden) {
          this.#skipOnce(channel, "history_hidden");
          found.length = 0;
          break;
        }
        const newer = page.filter((m) => compareIds(m.id, from) > 0);
        found.push(...newer);
        if (found.length >= this.#maxPerChannel) {
          this.#out.skipped({ channelId: channel.id, guildId: channel.guild_id, reason: "limit_reached" });
          break;
        }
        if (page.length < PAGE || newer.length < page.length) break;
        before = page.reduce((a, m) => (compareIds(m.id, a) < 0 ? m.id : a), page[0]!.id);
      }
    } catch (error) {
      if (signal.aborted) throw error;
      const status = (error as { status?: unknown }).status;
      const held = this.#held.get(channel.id) ?? [];
      this.#held.delete(channel.id);
      const waiting = [...(this.#pending.get(channel.id) ?? []), ...held];
      if (status === 404 || status === 403) {
        // The channel is gone or out of sight: what it missed cannot be read any more.
        this.#pending.delete(channel.id);
        this.#out.skipped({ channelId: channel.id, guildId: channel.guild_id, reason: "gone", error });
        for (const message of waiting) this.#emit(message, false);
        return 0;
      }
      // Keep the channel's place: nothing newer is handed over before what it missed is read.
      this.#pending.set(channel.id, waiting.slice(0, this.#maxPerChannel));
      this.#out.skipped({
        channelId: channel.id,
        guildId: channel.guild_id,
        reason: "failed",
        error,
        retrying: true,
      });
      return 0;
    }
    const held = [...(this.#pending.get(channel.id) ?? []), ...(this.#held.get(channel.id) ?? [])];
    this.#pending.delete(channel.id);
    this.#held.delete(channel.id);
    // A message both read and held is handed over as the live one it also was.
    const merged = new Map<string, { message: Message; recovered: boolean }>();
    for (const m of found.slice(0, this.#maxPerChannel)) merged.set(m.id, { message: m, recovered: true });
    for (const m of held) merged.set(m.id, { message: m, recovered: false });
    let recovered = 0;
    for (const { message, recovered: fromRest } of [...merged.values()].sort((a, b) =>
      compareIds(a.message.id, b.message.id),
    )) {
      if (this.#emit(message, fromRest) && fromRest) recovered += 1;
    }
    return recovered;
  }

  /** Hands `message` over unless a message as new was already; answers whether it did. */
  #emit(message: Message, recovered: boolean): boolean {
    this.#noteMessage(message.id);
    const cursor = this.#cursor.get(message.channel_id);
    if (cursor !== undefined && compareIds(message.id, cursor) <= 0) return false;
    this.#cursor.set(message.channel_id, message.id);
    this.#out.message(message, recovered);
    return true;
  }

  #skipOnce(channel: Channel, reason: RecoverySkipReason): void {
    if (this.#reported.has(channel.id)) return;
    this.#reported.add(channel.id);
    this.#out.skipped({ channelId: channel.id, guildId: channel.guild_id, reason });
  }
}

function maxId(a: string | undefined, b: string | undefined): string {
  if (a === undefined) return b ?? "0";
  if (b === undefined) return a;
  return compareIds(a, b) >= 0 ? a : b;
}

/** Runs `task` over `items`, `limit` at a time; stops starting new ones once `signal` aborts. */
async function eachLimited<T>(
  items: readonly T[],
  limit: number,
  signal: AbortSignal,
  task: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length && !signal.aborted) await task(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
