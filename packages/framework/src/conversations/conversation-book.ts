import type { Logger } from "../services.js";
import type { Scheduler } from "../state/scheduler.js";
import type { StateStore } from "../state/state-store.js";
import {
  CONVERSATION_KEY_PREFIX,
  CONVERSATION_TIMEOUT_JOB,
  type ConversationRecord,
  isRecord,
  type PendingPost,
  type TimeoutPayload,
} from "./conversation-record.js";
import type { Delivered } from "./conversation-outbox.js";
import { listEntries } from "./list-entries.js";

/** A record outlives its question's deadline by this much, for a timeout that runs late (the bot was down). */
const RECORD_GRACE_MS = 7 * 24 * 3_600_000;

/**
 * Where the waiting conversations are kept: one record per place in the bot's store, its timeout
 * job in the scheduler. With a store of this process only (memory, an SQLite file), the book holds
 * each waiting record in memory too, read from the store at start: a message where none waits costs
 * one lookup, and an answer reads nothing from the store and writes its record once (this process
 * is the store's only writer, so the record in memory is the one stored, and a compare-and-set is
 * a compare of the object in memory). With a store other processes share (the cluster's Redis:
 * its job queue polls) nothing is kept in memory: every message is looked up, and every change is
 * the store's compare-and-set.
 */
export class ConversationBook {
  /** The waiting conversations by store key, for a store of this process only. */
  readonly #records = new Map<string, ConversationRecord>();
  /** The store is shared with other processes. */
  readonly shared: boolean;
  #loaded = false;
  #loading: Promise<void> | null = null;

  constructor(
    private readonly store: StateStore,
    private readonly scheduler: Scheduler,
    private readonly now: () => number,
    private readonly logger: Pick<Logger, "debug">,
  ) {
    this.shared = store.jobs.pollMs !== undefined;
  }

  /** Conversations held in memory (none with a shared store). */
  get size(): number {
    return this.#records.size;
  }

  /** Whether a conversation may wait under `key`. */
  mayWait(key: string): boolean {
    return this.shared || !this.#loaded || this.#records.has(key);
  }

  /**
   * Before the first event: reads the waiting records (held in memory unless the store is shared)
   * and sets any timeout job they lack. A process killed between a new record's write and its
   * timeout job's left a record that no job would end: each one read back without a job gets it
   * again, due when the record says. On a shared store every process starting does so; a job set
   * twice is one (it is keyed by the place), and one that finds its record moved on does nothing.
   */
  load(): Promise<void> {
    this.#loading ??= (async () => {
      const records = new Map<string, ConversationRecord>();
      for (const { key, value } of await listEntries(this.store, CONVERSATION_KEY_PREFIX)) {
        if (isRecord(value)) records.set(key, value);
      }
      if (!this.shared) for (const [key, record] of records) this.#records.set(key, record);
      const jobs = new Set((await this.scheduler.list()).map((job) => job.key));
      for (const [key, record] of records) if (!jobs.has(key)) await this.setTimeout(key, record);
      this.#loaded = true;
    })();
    return this.#loading;
  }

  /**
   * The record at `key` as memory holds it, without waiting: undefined when there is none or when
   * only the store can say (a shared store, or before the records were read); then {@link read}.
   */
  held(key: string): ConversationRecord | undefined {
    if (this.shared || !this.#loaded) return undefined;
    const record = this.#records.get(key);
    // Past its deadline and the grace after it, the store let it go; so does memory.
    return record !== undefined && record.u + RECORD_GRACE_MS > this.now() ? record : undefined;
  }

  /** The record at `key`, or undefined. */
  async read(key: string): Promise<ConversationRecord | undefined> {
    if (this.shared) {
      const value = await this.store.get<unknown>(key);
      return isRecord(value) ? value : undefined;
    }
    await this.load();
    const record = this.held(key);
    if (record === undefined) this.#records.delete(key);
    return record;
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
    if (!(await this.#swap(key, before, written, now))) {
      this.logger.debug(`conversation at ${key}: moved by another answer or process meanwhile; left to it`);
      return null;
    }
    if (written) {
      if (!keep) await this.setTimeout(key, written);
      return written;
    }
    await this.scheduler.cancel(key);
    // Removed: the record that was there (none when there was nothing to remove).
    return before ?? null;
  }

  /**
   * Puts `next` (undefined: nothing) at `key` if `before` is what is there. In memory the compare
   * is of the object, and memory changes before the store's write begins, so a second change of
   * the same place in this process finds the new record; a write the store refuses puts it back.
   */
  #swap(
    key: string,
    before: ConversationRecord | undefined,
    next: ConversationRecord | undefined,
    now: number,
  ): Promise<boolean> | boolean {
    const ttl = next && { ttlMs: Math.max(1, next.u - now) + RECORD_GRACE_MS };
    if (this.shared) return this.store.compareAndSet(key, before, next, ttl);
    if (!this.#loaded) return this.load().then(() => this.#swap(key, before, next, now));
    if (this.#records.get(key) !== before) return false;
    if (next) this.#records.set(key, next);
    else this.#records.delete(key);
    const written = next ? this.store.set(key, next, ttl) : this.store.delete(key);
    return written.then(
      () => true,
      (error: unknown) => {
        if (this.#records.get(key) === next) {
          if (before) this.#records.set(key, before);
          else this.#records.delete(key);
        }
        throw error;
      },
    );
  }

  /** (Re)sets the timeout job of the conversation at `key`, due at `record.j`. */
  async setTimeout(key: string, record: ConversationRecord): Promise<void> {
    const payload: TimeoutPayload = { k: key };
    await this.scheduler.schedule(record.j, CONVERSATION_TIMEOUT_JOB, payload, { key });
  }

  /** Moves the timeout job to the deadline the record says now (an answer moved it later). */
  async moveTimeout(key: string, record: ConversationRecord): Promise<boolean> {
    const moved = { ...record, j: record.u };
    if (!(await this.#swap(key, record, moved, this.now()))) return false;
    await this.setTimeout(key, moved);
    return true;
  }

  /**
   * Takes what a delivery of `key`'s outbox did into the record as it stands now (the delivery's
   * record, or a later one that carried its posts on): the posts delivered or lost leave the outbox,
   * the question's id is kept, an unconfirmed conversation whose answer was lost ends, and an ended
   * record whose outbox is empty goes, or, when a message ended it (`w`), stays as a mark until
   * `keepEndedMs` from now (see
   * {@link Conversations}). Retries a few times when the record moves meanwhile.
   */
  async settle(key: string, delivered: Delivered, keepEndedMs: number): Promise<ConversationRecord | null> {
    for (let attempt = 0; attempt < 4; attempt++) {
      const current = await this.read(key);
      if (!current?.o) return current ?? null;
      const gone = (p: PendingPost) => delivered.posted.has(p.n) || delivered.lost.has(p.n);
      if (!current.o.some(gone)) return current;
      const o = current.o.filter((p) => !gone(p));
      const kept = current.o.find((p) => p.k === 1 && delivered.posted.has(p.n));
      const lostAnswer =
        current.x === undefined && current.o.some((p) => p.i !== undefined && delivered.lost.has(p.n));
      const { o: _o, j: _j, ...rest } = current;
      const ended = current.x === 1 || lostAnswer;
      const next: Omit<ConversationRecord, "j"> = {
        ...rest,
        ...(o.length > 0 && { o }),
        ...(kept !== undefined && delivered.questionId !== null && { q: delivered.questionId }),
        ...(ended && { x: 1 as const, u: this.now() + keepEndedMs }),
      };
      // Ended, with nothing left to post and no message to wait for: the record goes.
      const over = ended && o.length === 0 && current.w !== 1;
      const written = await this.commit(key, current, over ? undefined : next);
      if (written) return over ? null : written;
    }
    return null;
  }

  /** The records held in memory whose outbox is not empty (a store of this process only). */
  pending(): [string, ConversationRecord][] {
    return [...this.#records].filter(([, record]) => (record.o?.length ?? 0) > 0);
  }
}
