import { eachLimited } from "@chatbot/kit";
import type { Channel, Message } from "@chatbot/protocol";
import { type ChannelHistory, type MessageHistory, readChannelSince } from "./channel-history.js";
import { compareIds, idBefore } from "./snowflake-order.js";
import type {
  RecoveryBounds,
  RecoveryOutput,
  RecoveryPoint,
  RecoverySkipReason,
  RecoverySource,
} from "./recovery-types.js";

/** Channels read at once during a recovery. */
const CONCURRENCY = 4;

/** Live messages held at most while a reconnect's burst arrives, before recovery starts reading. */
const EARLY_LIMIT = 10_000;

/**
 * Missed messages after a reconnect. Per channel it keeps the newest message handed to listeners
 * (`cursor`) and, for channels with no message seen yet, a `floor` below which nothing was missed:
 * - the id of the connection's first live message, as soon as there is one: it was made after the
 *   connection identified, so everything older was there before, and what came after in a channel
 *   with no cursor was not handed over;
 * - until then, the newest message that existed when the client first saw the channel (one
 *   `limit=1` read at background priority, right after the first ready);
 * - for a channel first named after a drop, the newest id the client had seen before the drop (ids
 *   grow with time, so anything newer was made during the drop).
 *
 * After a reconnect it lists each readable channel back to the later of the two, most recently
 * active channels first, and hands the messages over oldest first, merged with the live ones that
 * arrived meanwhile (held back from the reconnect until the channel is read), each exactly once.
 * The snapshots of a connect burst never move these points.
 */
export class MessageRecovery {
  readonly #history: MessageHistory;
  readonly #channels: RecoverySource;
  readonly #out: RecoveryOutput;
  readonly #maxPerChannel: number;
  readonly #maxAgeMs: number;
  readonly #wanted: (channel: Channel) => boolean;
  readonly #now: () => number;
  readonly #cursor = new Map<string, string>();
  readonly #floor = new Map<string, string>();
  /** Channels named by a live event whose floor is a guess until their one-message read. */
  readonly #provisional = new Set<string>();
  /** Channels known before a drop that still had no floor (no live message came): read once more. */
  readonly #unbaselined = new Set<string>();
  readonly #held = new Map<string, Message[]>();
  /**
   * Channels whose last read failed: their place is kept, and the live messages that arrived since
   * wait here (at most `maxPerChannel`; more are read from the history later) until a read succeeds.
   */
  readonly #pending = new Map<string, Message[]>();
  readonly #reported = new Set<string>();
  /** The newest id the client has seen (messages, channels): what is newer was made after. */
  #newest: string | null = null;
  /** The newest id seen before the last drop of a ready connection: the floor of channels first named after it. */
  #mark: string | null = null;
  /** The first live message of the current connection. */
  #firstLive: string | null = null;
  /** Live messages that came after a drop, before the recovery that reads around them started. */
  #early: Message[] | null = null;
  /** A point to start from given by `resumeFrom`, used by the first {@link recover}. */
  #resumed = false;

  constructor(
    history: MessageHistory,
    channels: RecoverySource,
    out: RecoveryOutput,
    bounds: RecoveryBounds,
    wanted: (channel: Channel) => boolean = () => true,
    now: () => number = Date.now,
  ) {
    this.#history = history;
    this.#channels = channels;
    this.#out = out;
    this.#maxPerChannel = bounds.maxMessagesPerChannel;
    this.#maxAgeMs = bounds.maxAgeMs;
    this.#wanted = wanted;
    this.#now = now;
  }

  /**
   * Channels seen in a snapshot or a channel event. `live`: after ready (a channel made or made
   * visible, an install): one the client knew nothing of gets the newest id seen so far as its floor
   * at once (so a drop before its one-message read still reads what was posted since), refined by
   * {@link baseline}. In a connect burst nothing is decided here: a snapshot's channels were there
   * before the connection, and {@link recover} or {@link baseline} sets their floors.
   */
  channelsSeen(channels: readonly Channel[], live: boolean): void {
    if (live) {
      const newest = this.#newest;
      for (const channel of channels) {
        if (this.#known(channel.id)) continue;
        this.#provisional.add(channel.id);
        if (newest !== null) this.#floor.set(channel.id, newest);
      }
    }
    for (const channel of channels) this.#note(channel.id);
  }

  /**
   * The connection dropped. What the client saw until now was seen before the drop; channels with no
   * floor yet get the connection's first live message as theirs; live messages are held from now
   * until the next recovery starts, so that none moves a cursor past what the drop missed.
   */
  dropped(wasReady: boolean): void {
    if (wasReady && this.#newest !== null) this.#mark = this.#newest;
    for (const { channel, access } of this.#readable()) {
      if (access !== "history" || this.#known(channel.id)) continue;
      if (this.#firstLive !== null) this.#floor.set(channel.id, this.#firstLive);
      else this.#unbaselined.add(channel.id);
    }
    this.#firstLive = null;
    if (wasReady || this.#resumed) this.#early ??= [];
  }

  /**
   * Starts from `point` (kept by an earlier process): the first {@link recover} reads every channel
   * back from its cursor, or from `point.newest` for a channel without one.
   */
  resumeFrom(point: RecoveryPoint): void {
    for (const [channelId, id] of Object.entries(point.cursors)) {
      if (!this.#cursor.has(channelId)) this.#cursor.set(channelId, id);
    }
    this.#mark = maxId(this.#mark ?? undefined, point.newest);
    this.#note(point.newest);
    this.#resumed = true;
    this.#early ??= [];
  }

  /** Whether {@link resumeFrom} gave a point the next {@link recover} has not read from yet. */
  get resumed(): boolean {
    return this.#resumed;
  }

  /** Where a later process should start from: see {@link RecoveryPoint}; `null` before any id was seen. */
  point(): RecoveryPoint | null {
    if (this.#newest === null) return null;
    return { cursors: Object.fromEntries(this.#cursor), newest: this.#newest };
  }

  /** The newest message handed over in `channelId`, if any. */
  cursor(channelId: string): string | undefined {
    return this.#cursor.get(channelId);
  }

  /** Channels whose history could not be read yet: they are read again after the next wait. */
  get pendingChannels(): number {
    return this.#pending.size;
  }

  /** A live `MESSAGE_CREATE`: hands it over unless it was already, or holds it during a read. */
  live(message: Message): void {
    this.#note(message.id);
    this.#firstLive ??= message.id;
    if (this.#early !== null) {
      if (this.#early.length < EARLY_LIMIT) this.#early.push(message);
      return;
    }
    this.#route(message);
  }

  #route(message: Message): void {
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

  /**
   * Sets the floor of each readable channel that has neither a cursor nor a floor yet (or only a
   * provisional one): the connection's first live message once there is one, else one `limit=1`
   * read each, at background priority.
   */
  async baseline(signal: AbortSignal): Promise<void> {
    const todo = this.#readable().filter(
      ({ channel, access }) =>
        access === "history" && (!this.#known(channel.id) || this.#provisional.has(channel.id)),
    );
    await eachLimited(
      todo,
      CONCURRENCY,
      async ({ channel }) => {
        const id = channel.id;
        if (!this.#known(id) && this.#firstLive !== null) {
          this.#floor.set(id, this.#firstLive);
          this.#unbaselined.delete(id);
          return;
        }
        if (this.#known(id) && !this.#provisional.has(id)) return;
        try {
          const newest = await this.#history.listMessages(
            id,
            { limit: 1 },
            { signal, priority: "background" },
          );
          if (!this.#cursor.has(id)) this.#floor.set(id, maxId(this.#floor.get(id), newest[0]?.id ?? "0"));
          this.#provisional.delete(id);
          this.#unbaselined.delete(id);
        } catch (error) {
          // Without a floor the channel is read again at the next ready; only an abort stops here.
          if (signal.aborted) throw error;
        }
      },
      signal,
    );
  }

  /**
   * Reads what each readable channel missed; answers how many messages were recovered. Everything
   * up to the first read is done at once, before the caller's next event. The first recovery after
   * {@link resumeFrom} (a start catching up) reads at normal priority, the others in the background.
   */
  async recover(signal: AbortSignal): Promise<number> {
    const priority = this.#resumed ? "normal" : "background";
    // A readable channel the client never heard of before the drop had no message handed over, or
    // it would have a cursor: what it holds newer than the newest id seen before the drop was made
    // during the drop (ids grow with time across the service).
    const mark = this.#mark;
    this.#resumed = false;
    if (mark !== null) {
      for (const { channel, access } of this.#readable()) {
        const id = channel.id;
        if (access === "history" && !this.#known(id) && !this.#unbaselined.has(id)) this.#floor.set(id, mark);
      }
    }
    return this.#recoverAll(signal, () => true, priority);
  }

  /** Reads again the channels whose last read failed; answers how many messages were recovered. */
  async retryPending(signal: AbortSignal): Promise<number> {
    const readable = new Set(this.#readable().map(({ channel }) => channel.id));
    for (const [channelId, waiting] of this.#pending) {
      if (readable.has(channelId)) continue;
      // Deleted, or out of the bot's sight (or of `channels`): nothing more can be read there.
      this.#pending.delete(channelId);
      for (const message of waiting) this.#emit(message, false);
    }
    return this.#recoverAll(signal, (channelId) => this.#pending.has(channelId), "background");
  }

  #readable() {
    return this.#channels.readableChannels().filter(({ channel }) => this.#wanted(channel));
  }

  async #recoverAll(
    signal: AbortSignal,
    wanted: (channelId: string) => boolean,
    priority: "normal" | "background",
  ): Promise<number> {
    let count = 0;
    const todo = this.#readable()
      .filter(({ channel, access }) => {
        if (!wanted(channel.id)) return false;
        if (access === "history") return this.#known(channel.id);
        this.#skipOnce(channel, "missing_read_message_history");
        return false;
      })
      .map(({ channel }) => ({ channel, from: this.#from(channel.id) }))
      // The most recently active channels first: they are where the bot is most likely expected.
      .sort((a, b) => compareIds(b.from, a.from));
    for (const { channel } of todo) this.#held.set(channel.id, []);
    const early = this.#early;
    this.#early = null;
    for (const message of early ?? []) this.#route(message);
    const read = { signal, priority, notBefore: idBefore(this.#now() - this.#maxAgeMs) } as const;
    try {
      await eachLimited(
        todo,
        CONCURRENCY,
        async ({ channel, from }) => {
          const recovered = await this.#recoverChannel(channel, from, read);
          count += recovered;
        },
        signal,
      );
    } finally {
      // Held messages of channels never read (aborted): dropped; they are in the history the next
      // recovery reads, since the cursor did not move past them.
      this.#held.clear();
    }
    return count;
  }

  #from(channelId: string): string {
    return maxId(this.#cursor.get(channelId), this.#floor.get(channelId));
  }

  #note(id: string): void {
    if (this.#newest === null || compareIds(id, this.#newest) > 0) this.#newest = id;
  }

  #known(channelId: string): boolean {
    return this.#cursor.has(channelId) || this.#floor.has(channelId);
  }

  async #recoverChannel(
    channel: Channel,
    from: string,
    read: { signal: AbortSignal; priority: "normal" | "background"; notBefore: string },
  ): Promise<number> {
    let found: ChannelHistory;
    try {
      found = await readChannelSince(this.#history, channel.id, from, this.#maxPerChannel, read);
    } catch (error) {
      if (read.signal.aborted) throw error;
      this.#failed(channel, error);
      return 0;
    }
    if (found.hidden) this.#skipOnce(channel, "history_hidden");
    const { id, guild_id: guildId } = channel;
    if (found.limitReached) {
      this.#out.skipped({ channelId: id, guildId, reason: "limit_reached", bound: this.#maxPerChannel });
    }
    if (found.tooOld) this.#out.skipped({ channelId: id, guildId, reason: "too_old", bound: this.#maxAgeMs });
    const held = [...(this.#pending.get(channel.id) ?? []), ...(this.#held.get(channel.id) ?? [])];
    this.#pending.delete(channel.id);
    this.#held.delete(channel.id);
    // A message both read and held is handed over as the live one it also was.
    const merged = new Map<string, { message: Message; recovered: boolean }>();
    for (const m of found.messages) merged.set(m.id, { message: m, recovered: true });
    for (const m of held) merged.set(m.id, { message: m, recovered: false });
    let recovered = 0;
    for (const { message, recovered: fromRest } of [...merged.values()].sort((a, b) =>
      compareIds(a.message.id, b.message.id),
    )) {
      if (this.#emit(message, fromRest) && fromRest) recovered += 1;
    }
    return recovered;
  }

  /** A channel's read failed: it keeps its place, or, gone, lets what it held go on. */
  #failed(channel: Channel, error: unknown): void {
    const status = (error as { status?: unknown }).status;
    const held = this.#held.get(channel.id) ?? [];
    this.#held.delete(channel.id);
    const waiting = [...(this.#pending.get(channel.id) ?? []), ...held];
    if (status === 404 || status === 403) {
      // The channel is gone or out of sight: what it missed cannot be read any more.
      this.#pending.delete(channel.id);
      this.#out.skipped({ channelId: channel.id, guildId: channel.guild_id, reason: "gone", error });
      for (const message of waiting) this.#emit(message, false);
      return;
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
  }

  /** Hands `message` over unless a message as new was already; answers whether it did. */
  #emit(message: Message, recovered: boolean): boolean {
    this.#note(message.id);
    const cursor = this.#cursor.get(message.channel_id);
    if (cursor !== undefined && compareIds(message.id, cursor) <= 0) return false;
    this.#cursor.set(message.channel_id, message.id);
    this.#provisional.delete(message.channel_id);
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
