import type { Scheduler } from "../state/scheduler.js";
import type { StateStore } from "../state/state-store.js";
import {
  CONVERSATION_KEY_PREFIX,
  CONVERSATION_TIMEOUT_JOB,
  type ConversationRecord,
  isRecord,
  type TimeoutPayload,
} from "./conversation-record.js";
import { listKeys } from "./list-keys.js";

/** A record outlives its question's deadline by this much, for a timeout that runs late (the bot was down). */
const RECORD_GRACE_MS = 7 * 24 * 3_600_000;

/**
 * Where the waiting conversations are kept: one record per place in the bot's store, its timeout
 * job in the scheduler, and (for a store of this process only) which places have one, in memory,
 * so that a message where none waits costs one lookup. With a store other processes share (the
 * cluster's Redis: its job queue polls) nothing is kept in memory and every message is looked up.
 */
export class ConversationBook {
  /** Places with a conversation waiting (`<guild>:<channel>:<person>`). */
  readonly #index = new Set<string>();
  /** The store is shared with other processes. */
  readonly shared: boolean;
  #loaded = false;
  #loading: Promise<void> = Promise.resolve();

  constructor(
    private readonly store: StateStore,
    private readonly scheduler: Scheduler,
    private readonly now: () => number,
  ) {
    this.shared = store.jobs.pollMs !== undefined;
  }

  /** Places in the index. */
  get size(): number {
    return this.#index.size;
  }

  /** Whether the index was read (a place not in it before then may still have one). */
  get loaded(): boolean {
    return this.#loaded || this.shared;
  }

  /** Whether a conversation may wait at `place`. */
  mayWait(place: string): boolean {
    return !this.loaded || this.shared || this.#index.has(place);
  }

  /** Reads which places have a conversation waiting, before the first event. */
  load(): Promise<void> {
    if (this.shared) return Promise.resolve();
    this.#loading = (async () => {
      const keys = await listKeys(this.store, CONVERSATION_KEY_PREFIX);
      for (const key of keys) this.#index.add(key.slice(CONVERSATION_KEY_PREFIX.length));
      this.#loaded = true;
    })();
    return this.#loading;
  }

  /** The record at `key`, or undefined (then the place leaves the index). */
  async read(key: string): Promise<ConversationRecord | undefined> {
    await this.#loading;
    const value = await this.store.get<unknown>(key);
    if (isRecord(value)) return value;
    if (!this.shared) this.#index.delete(key.slice(CONVERSATION_KEY_PREFIX.length));
    return undefined;
  }

  /**
   * Writes `next` over `before` (undefined: none) only if no one moved it meanwhile, and keeps the
   * timeout job with it: left where it is when it comes before the new deadline (it moves itself
   * when it runs), set again when the deadline comes sooner, removed with the record. Answers the
   * record written (its `j` set), or the one removed; null when it did not write.
   */
  async commit(
    key: string,
    before: ConversationRecord | undefined,
    next: Omit<ConversationRecord, "j"> | undefined,
  ): Promise<ConversationRecord | null> {
    const now = this.now();
    const keep = before !== undefined && next !== undefined && before.j > now && before.j <= next.u;
    const written = next && { ...next, j: keep ? before.j : next.u };
    const ttlMs = written ? Math.max(1, written.u - now) + RECORD_GRACE_MS : undefined;
    if (
      !(await this.store.compareAndSet(key, before, written, ttlMs === undefined ? undefined : { ttlMs }))
    ) {
      return null;
    }
    const place = key.slice(CONVERSATION_KEY_PREFIX.length);
    if (written) {
      if (!this.shared) this.#index.add(place);
      if (!keep) await this.setTimeout(key, written);
      return written;
    }
    if (!this.shared) this.#index.delete(place);
    await this.scheduler.cancel(key);
    // Removed: the record that was there (none when there was nothing to remove).
    return before ?? null;
  }

  /** (Re)sets the timeout job of the conversation at `key`, due at `record.j`. */
  async setTimeout(key: string, record: ConversationRecord): Promise<void> {
    const payload: TimeoutPayload = { k: key };
    await this.scheduler.schedule(record.j, CONVERSATION_TIMEOUT_JOB, payload, { key });
  }

  /** Moves the timeout job to the deadline the record says now (an answer moved it later). */
  async moveTimeout(key: string, record: ConversationRecord): Promise<boolean> {
    const moved = { ...record, j: record.u };
    if (
      !(await this.store.compareAndSet(key, record, moved, {
        ttlMs: Math.max(1, moved.u - this.now()) + RECORD_GRACE_MS,
      }))
    ) {
      return false;
    }
    await this.setTimeout(key, moved);
    return true;
  }

  /** Keeps the question's message id on the record, if it still stands at that version. */
  async keepQuestion(key: string, version: number, messageId: string): Promise<void> {
    await this.store.update<unknown>(key, (current) =>
      isRecord(current) && current.v === version ? { ...current, q: messageId } : current,
    );
  }
}
