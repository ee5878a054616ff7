import { compareIds, type GatewayClient, previousId, type RecoveryPoint } from "@chatbot/gateway";
import type { Logger } from "../services.js";
import type { StateStore } from "../state/state-store.js";
import { MessagesInFlight } from "./messages-in-flight.js";

/** The store key of the gateway's recovery point. */
export const RECOVERY_POINT_KEY = "chatbot:gateway:recovery-point";

/** The store keys of the per-channel cursors: the channel's id follows. */
export const CURSOR_KEY_PREFIX = "chatbot:gateway:cursor:";

/** Entries read at once when the cursors are listed at start. */
const LIST_LIMIT = 10_000;

/** At most this many messages finished beyond a channel's cursor are kept with it (the newest). */
export const MAX_FINISHED_KEPT = 256;

/**
 * A channel's cursor as stored: the id alone (everything up to it handled, nothing begun past it),
 * or with the messages past it whose handlers finished (`f`) and the newest one begun (`s`).
 */
export type StoredCursor =
  string | { readonly c: string; readonly f?: readonly string[]; readonly s?: string };

/** What a message read back after a restart is to the bot (see {@link RecoveryKeeper.replayed}). */
export type Replayed =
  /** An earlier process finished its handlers: it is not handed to them again. */
  | "finished"
  /** An earlier process began its handlers and may not have finished them: it runs again, flagged. */
  | "again"
  /** No earlier process began it. */
  | "new";

const ID = /^\d+$/;

/** A stored cursor read back, or null when the value is not one. */
function readCursor(value: unknown): { c: string; f: Set<string>; s: string | null } | null {
  if (typeof value === "string") return ID.test(value) ? { c: value, f: new Set(), s: null } : null;
  const v = value as { c?: unknown; f?: unknown; s?: unknown } | null;
  if (typeof v !== "object" || v === null || typeof v.c !== "string" || !ID.test(v.c)) return null;
  const f = Array.isArray(v.f) ? v.f.filter((id): id is string => typeof id === "string" && ID.test(id)) : [];
  return { c: v.c, f: new Set(f), s: typeof v.s === "string" && ID.test(v.s) ? v.s : null };
}

/**
 * Keeps where the bot's message handling stands in its state store, so that a new process of the
 * bot (a restart, a deploy, a crash) reads back what was posted while none was connected, as a
 * reconnect does, and handles each message once. A channel's cursor is the message before the
 * oldest one whose handlers have not ended (else the gateway's cursor there, below what is still
 * queued): written to one small key per channel when a message there begins and when one ends (one
 * write per channel at a time, the later ones merged), with the messages past the cursor that
 * finished already (at most 256, the newest) and the newest one begun, and with the
 * gateway's whole recovery point every `everyMs` while messages come, and at stop. At start it
 * reads both back before connecting, the newer of the two per channel; a message read back that an
 * earlier process finished is not handed over again, and one it began is flagged `redelivered`.
 */
export class RecoveryKeeper {
  readonly #gateway: GatewayClient;
  readonly #store: StateStore;
  readonly #logger: Logger;
  readonly #everyMs: number;
  readonly #inFlight = new MessagesInFlight();
  /** Channels with a cursor write under way, and whether to write again once it is done. */
  readonly #writing = new Map<string, { again: boolean; done: Promise<void> }>();
  readonly #ttlMs: number | undefined;
  #timer: ReturnType<typeof setInterval> | null = null;
  /** Messages begun and ended: the point is written when this moved since the last write. */
  #changes = 1;
  #saved = 0;
  #saving: Promise<void> = Promise.resolve();
  #writeFailed = false;
  /** Per channel, what the earlier processes left: the messages they finished and the newest begun. */
  readonly #earlier = new Map<string, { f: Set<string>; s: string | null }>();

  constructor(gateway: GatewayClient, store: StateStore, logger: Logger, everyMs = 5_000) {
    this.#gateway = gateway;
    this.#store = store;
    this.#logger = logger;
    this.#everyMs = everyMs;
    // A cursor older than recovery reads back is worth nothing: it goes with its time to live.
    this.#ttlMs = gateway.recoveryBounds?.maxAgeMs;
  }

  /** Before connecting: where an earlier process stood, if anywhere, becomes the gateway's start. */
  async resume(): Promise<void> {
    let point: RecoveryPoint | undefined;
    let kept: Map<string, Cursor>;
    try {
      point = await this.#store.get<RecoveryPoint>(RECOVERY_POINT_KEY);
      kept = await this.#readCursors(CURSOR_KEY_PREFIX);
    } catch (error) {
      this.#logger.warn(`gateway: could not read the recovery point; starting from now: ${String(error)}`);
      return;
    }
    const saved = isPoint(point) ? point : null;
    if (saved === null && kept.size === 0) return;
    const cursors: Record<string, string> = { ...saved?.cursors };
    let newest = saved?.newest ?? "0";
    for (const [channelId, { c: id, f, s }] of kept) {
      if (f.size > 0 || s !== null) this.#earlier.set(channelId, { f, s });
      const other = cursors[channelId];
      if (other === undefined || compareIds(id, other) > 0) cursors[channelId] = id;
      if (compareIds(id, newest) > 0) newest = id;
    }
    this.#gateway.resumeFrom({ cursors, newest });
    this.#logger.info(
      `gateway: reading back what was posted since the last process (${Object.keys(cursors).length} channel cursor(s))`,
    );
  }

  /** The cursors kept under `prefix`, listed a part of the key space at a time when there are many. */
  async #readCursors(prefix: string, into = new Map<string, Cursor>()): Promise<Map<string, Cursor>> {
    const entries = await this.#store.list<StoredCursor>(prefix, { limit: LIST_LIMIT });
    if (entries.length < LIST_LIMIT) {
      for (const { key, value } of entries) {
        const cursor = readCursor(value);
        if (cursor) into.set(key.slice(CURSOR_KEY_PREFIX.length), cursor);
      }
      return into;
    }
    // Channel ids are digits: ten narrower prefixes, and the key that is the prefix itself.
    const exact = readCursor(await this.#store.get<StoredCursor>(prefix));
    if (exact) into.set(prefix.slice(CURSOR_KEY_PREFIX.length), exact);
    for (let digit = 0; digit <= 9; digit++) await this.#readCursors(`${prefix}${digit}`, into);
    return into;
  }

  /** Writes the point every `everyMs` (a timer that never holds the process open). */
  start(): void {
    this.#timer ??= setInterval(() => void this.save(), this.#everyMs);
    this.#timer.unref();
  }

  /** Stops the timer, lets the cursor writes under way end, and writes the point a last time. */
  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    await Promise.all([...this.#writing.values()].map((w) => w.done));
    await this.save();
  }

  /**
   * What a message read back over REST is to the bot, from what the earlier processes left in its
   * channel's record: finished there (not handed over again), begun there (handed over again,
   * flagged), or new. A message of the live stream, or read back after a drop of this same
   * process (which knows what it handed over), is always new.
   */
  replayed(message: { readonly id: string; readonly channel_id: string }): Replayed {
    const earlier = this.#earlier.get(message.channel_id);
    if (earlier === undefined) return "new";
    if (earlier.f.has(message.id)) return "finished";
    return earlier.s !== null && compareIds(message.id, earlier.s) <= 0 ? "again" : "new";
  }

  /** The handlers of a message start (in the order the gateway hands messages over). */
  began(message: { readonly id: string; readonly channel_id: string }): void {
    // Without recovery (`recovery: false`) no cursor is worth keeping.
    if (this.#ttlMs === undefined) return;
    const channelId = message.channel_id;
    this.#inFlight.began(channelId, message.id);
    this.#changes += 1;
    // Recorded as begun, so that a next process knows it may have run: the write is not waited for.
    this.#write(channelId);
  }

  /** The handlers of a message ended: the channel's cursor moves past what is now handled. */
  ended(message: { readonly id: string; readonly channel_id: string }): void {
    if (this.#ttlMs === undefined) return;
    this.#changes += 1;
    this.#inFlight.ended(message.channel_id, message.id);
    this.#write(message.channel_id);
  }

  /**
   * Whether the message `messageId` of `channelId` is handled for good: this process handed it over
   * and its handlers ended, so no process reads it back (a waiting mark of a conversation goes then).
   */
  handled(channelId: string, messageId: string): boolean {
    if (this.#ttlMs === undefined) return true;
    const cursor = this.#cursor(channelId);
    if (cursor !== undefined && compareIds(cursor, messageId) >= 0) return true;
    return this.#inFlight.finishedBeyond(channelId, MAX_FINISHED_KEPT).includes(messageId);
  }

  /** The channel's record as stored now: its cursor, what finished past it, the newest begun. */
  #record(channelId: string): StoredCursor | undefined {
    const c = this.#cursor(channelId);
    if (c === undefined) return undefined;
    const f = this.#inFlight.finishedBeyond(channelId, MAX_FINISHED_KEPT);
    const newest = this.#inFlight.newest(channelId);
    const s = newest !== undefined && compareIds(newest, c) > 0 ? newest : undefined;
    return f.length === 0 && s === undefined ? c : { c, ...(f.length > 0 && { f }), ...(s && { s }) };
  }

  /** Where a later process should start in `channelId`: everything up to it was handled. */
  #cursor(channelId: string): string | undefined {
    const oldest = this.#inFlight.oldest(channelId);
    return oldest !== undefined ? previousId(oldest) : this.#gateway.recoveryCursor(channelId);
  }

  #write(channelId: string): void {
    const writing = this.#writing.get(channelId);
    if (writing) {
      writing.again = true;
      return;
    }
    const state = { again: false, done: Promise.resolve() };
    this.#writing.set(channelId, state);
    state.done = this.#writeLoop(channelId, state);
  }

  async #writeLoop(channelId: string, state: { again: boolean }): Promise<void> {
    do {
      state.again = false;
      const record = this.#record(channelId);
      if (record === undefined) continue;
      try {
        await this.#store.set(`${CURSOR_KEY_PREFIX}${channelId}`, record, { ttlMs: this.#ttlMs! });
        this.#writeFailed = false;
      } catch (error) {
        // Once per run of failures: the periodic point still covers the channel.
        if (!this.#writeFailed)
          this.#logger.warn(`gateway: could not keep a channel's cursor: ${String(error)}`);
        this.#writeFailed = true;
      }
    } while (state.again);
    this.#writing.delete(channelId);
  }

  /** Writes the point when messages came since the last write; a failure is logged, never thrown. */
  save(): Promise<void> {
    this.#saving = this.#saving.then(async () => {
      const changes = this.#changes;
      if (changes === this.#saved) return;
      const point = this.#gateway.recoveryPoint();
      if (point === null) return;
      const cursors: Record<string, string> = { ...point.cursors };
      for (const [channelId, oldest] of this.#inFlight.entries()) cursors[channelId] = previousId(oldest);
      try {
        await this.#store.set(RECOVERY_POINT_KEY, { cursors, newest: point.newest });
        this.#saved = changes;
      } catch (error) {
        this.#logger.warn(`gateway: could not keep the recovery point: ${String(error)}`);
      }
    });
    return this.#saving;
  }
}

/** A channel's cursor read back: the id, the messages finished past it, the newest begun. */
interface Cursor {
  readonly c: string;
  readonly f: Set<string>;
  readonly s: string | null;
}

function isPoint(value: unknown): value is RecoveryPoint {
  const point = value as Partial<RecoveryPoint> | undefined;
  return (
    typeof point === "object" &&
    point !== null &&
    typeof point.newest === "string" &&
    typeof point.cursors === "object" &&
    point.cursors !== null
  );
}
