import type { Clock } from "../services.js";
import {
  checkKey,
  checkPrefix,
  expiryOf,
  type JobQueue,
  type JobRecord,
  listLimit,
  StateError,
  StateStore,
  type StoredEntry,
  toJson,
  toJsonOrNone,
  type WriteOptions,
} from "./state-store.js";

interface Entry {
  readonly json: string;
  readonly expiresAt: number | null;
}

/**
 * A store in this process's memory, gone when it ends: the default of `createBot`, and what tests
 * use. Times to live run on the `clock` it is made with, else on the clock of the bot it is given to
 * (in a test world, the world's clock: `world.clock.advance()` expires values, as it fires jobs).
 */
export class MemoryStore extends StateStore {
  readonly #entries = new Map<string, Entry>();
  readonly jobs: MemoryJobQueue;
  #closed = false;

  constructor(options: { clock?: Pick<Clock, "now"> } = {}) {
    super(options.clock);
    this.jobs = new MemoryJobQueue(() => this.#open());
  }

  #open(): void {
    if (this.#closed) throw new StateError("closed", "store: used after close()");
  }

  #read(key: string): Entry | undefined {
    const entry = this.#entries.get(key);
    if (entry !== undefined && entry.expiresAt !== null && entry.expiresAt <= this.now()) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry;
  }

  #write(key: string, json: string | undefined, expiresAt: number | null): void {
    if (json === undefined) this.#entries.delete(key);
    else this.#entries.set(key, { json, expiresAt });
  }

  async get<T>(key: string): Promise<T | undefined> {
    this.#open();
    checkKey(key);
    const entry = this.#read(key);
    return entry === undefined ? undefined : (JSON.parse(entry.json) as T);
  }

  async set<T>(key: string, value: T, options?: WriteOptions): Promise<void> {
    this.#open();
    checkKey(key);
    this.#write(key, toJson(key, value), expiryOf(this.now(), options));
  }

  async update<T>(
    key: string,
    change: (current: T | undefined) => T | undefined,
    options?: WriteOptions,
  ): Promise<T | undefined> {
    this.#open();
    checkKey(key);
    const entry = this.#read(key);
    const next = change(entry === undefined ? undefined : (JSON.parse(entry.json) as T));
    const expiresAt =
      options?.ttlMs === undefined ? (entry?.expiresAt ?? null) : expiryOf(this.now(), options);
    this.#write(key, toJsonOrNone(key, next), expiresAt);
    return next;
  }

  async compareAndSet<T>(
    key: string,
    expected: T | undefined,
    next: T | undefined,
    options?: WriteOptions,
  ): Promise<boolean> {
    this.#open();
    checkKey(key);
    const want = toJsonOrNone(key, expected);
    const json = toJsonOrNone(key, next);
    const expiresAt = expiryOf(this.now(), options);
    if (this.#read(key)?.json !== want) return false;
    this.#write(key, json, expiresAt);
    return true;
  }

  async delete(key: string): Promise<boolean> {
    this.#open();
    checkKey(key);
    const had = this.#read(key) !== undefined;
    this.#entries.delete(key);
    return had;
  }

  async list<T>(prefix: string, options?: { limit?: number }): Promise<StoredEntry<T>[]> {
    this.#open();
    checkPrefix(prefix);
    const limit = listLimit(options);
    const keys = [...this.#entries.keys()].filter((k) => k.startsWith(prefix)).sort(byCodePoint);
    const found: StoredEntry<T>[] = [];
    for (const key of keys) {
      const entry = this.#read(key);
      if (!entry) continue;
      found.push({ key, value: JSON.parse(entry.json) as T, expiresAt: entry.expiresAt });
      if (found.length === limit) break;
    }
    return found;
  }

  async close(): Promise<void> {
    this.#closed = true;
  }
}

/**
 * Orders keys by code point, as SQLite and Redis order their UTF-8 bytes: `sort()`'s UTF-16 order
 * puts an astral character (a surrogate pair, from U+D800) before U+E000 to U+FFFF.
 */
function byCodePoint(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x === y) continue;
    if (x >= 0xd800 && y >= 0xd800) {
      // Surrogates move above U+E000 to U+FFFF; each group keeps its own order.
      x = x >= 0xe000 ? x - 0x800 : x + 0x2000;
      y = y >= 0xe000 ? y - 0x800 : y + 0x2000;
    }
    return x - y;
  }
  return a.length - b.length;
}

/** The jobs of a {@link MemoryStore}. */
class MemoryJobQueue implements JobQueue {
  readonly #jobs = new Map<string, JobRecord & { claimed: boolean }>();
  readonly #byKey = new Map<string, string>();

  constructor(private readonly open: () => void) {}

  async add(job: Omit<JobRecord, "attempts">): Promise<void> {
    this.open();
    if (job.key !== null) {
      const previous = this.#byKey.get(job.key);
      if (previous !== undefined) this.#jobs.delete(previous);
      this.#byKey.set(job.key, job.id);
    }
    this.#jobs.set(job.id, { ...job, attempts: 0, claimed: false });
  }

  async cancel(key: string): Promise<boolean> {
    this.open();
    const id = this.#byKey.get(key);
    if (id === undefined) return false;
    this.#byKey.delete(key);
    return this.#jobs.delete(id);
  }

  #unclaimed(): Array<JobRecord & { claimed: boolean }> {
    return [...this.#jobs.values()].filter((j) => !j.claimed).sort((a, b) => a.dueAt - b.dueAt);
  }

  async list(): Promise<JobRecord[]> {
    this.open();
    return this.#unclaimed().map(({ claimed: _, ...job }) => job);
  }

  async claimDue(now: number, limit: number): Promise<JobRecord[]> {
    this.open();
    const due = this.#unclaimed()
      .filter((j) => j.dueAt <= now)
      .slice(0, limit);
    return due.map((job) => {
      const claimed = { ...job, attempts: job.attempts + 1, claimed: true };
      this.#jobs.set(job.id, claimed);
      const { claimed: _, ...record } = claimed;
      return record;
    });
  }

  async complete(id: string): Promise<void> {
    const job = this.#jobs.get(id);
    if (!job) return;
    this.#jobs.delete(id);
    if (job.key !== null && this.#byKey.get(job.key) === id) this.#byKey.delete(job.key);
  }

  async retry(id: string, dueAt: number): Promise<void> {
    const job = this.#jobs.get(id);
    if (job) this.#jobs.set(id, { ...job, dueAt, claimed: false });
  }

  async releaseClaims(): Promise<number> {
    let released = 0;
    for (const [id, job] of this.#jobs) {
      if (!job.claimed) continue;
      this.#jobs.set(id, { ...job, claimed: false });
      released++;
    }
    return released;
  }

  async nextDueAt(): Promise<number | null> {
    this.open();
    let soonest: number | null = null;
    for (const job of this.#jobs.values()) {
      if (!job.claimed && (soonest === null || job.dueAt < soonest)) soonest = job.dueAt;
    }
    return soonest;
  }
}
