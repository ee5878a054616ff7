import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import {
  openSqlite,
  type SqliteDatabase,
  type SqliteDriver,
  type SqliteStatement,
} from "@chatbot/kit/sqlite";
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
import { claimStoreFile } from "./store-owner.js";

/** Options of {@link SqliteStore}. */
export interface SqliteStoreOptions {
  /** The database file; its folder is made if missing. */
  readonly path: string;
  /**
   * The clock times to live run on, whatever bot the store is given to; default the clock of the
   * bot it is given to (in a test, the world's), and the wall clock before that.
   */
  readonly clock?: Pick<Clock, "now">;
  /**
   * The SQLite driver: default node:sqlite when this Node has it (22.13 and later), else the
   * better-sqlite3 package, which must then be installed (`npm install better-sqlite3`).
   */
  readonly driver?: SqliteDriver;
}

interface Row {
  key: string;
  value: string;
  expires_at: number | null;
}

interface JobRow {
  id: string;
  key: string | null;
  name: string;
  payload: string;
  due_at: number;
  attempts: number;
}

/**
 * The embedded store for one process: an SQLite file in WAL mode, on node:sqlite where Node has
 * it and on better-sqlite3 before (see {@link SqliteStoreOptions.driver}). A write is in
 * the file before its promise resolves, so everything acknowledged survives `kill -9` of the
 * process (`synchronous = NORMAL`: a power cut may lose the last moments; the process dying may
 * not). Atomic updates run in an immediate transaction, so other processes on the same file wait.
 */
export class SqliteStore extends StateStore {
  readonly path: string;
  readonly jobs: JobQueue;
  /** The SQLite driver it runs on. */
  readonly driver: SqliteDriver;
  readonly #db: SqliteDatabase;
  #closed = false;
  readonly #get: SqliteStatement<[string], Row>;
  readonly #put: SqliteStatement<[string, string, number | null]>;
  readonly #remove: SqliteStatement<[string]>;
  readonly #list: SqliteStatement<[string, string, number], Row>;
  readonly #listFrom: SqliteStatement<[string, number], Row>;
  readonly #sweep: SqliteStatement<[number]>;
  #writes = 0;

  constructor(options: SqliteStoreOptions) {
    super(options?.clock);
    if (typeof options?.path !== "string" || options.path === "") {
      throw new StateError(
        "bad_path",
        "SqliteStore: path must be the database file's path, a non-empty string",
      );
    }
    this.path = options.path;
    if (options.path !== ":memory:") mkdirSync(dirname(options.path), { recursive: true });
    this.#db = openSqlite(options.path, {
      ...(options.driver && { driver: options.driver }),
      pragmas: ["journal_mode = WAL", "synchronous = NORMAL", "busy_timeout = 5000"],
    });
    this.driver = this.#db.driver;
    this.#db.exec(`
      CREATE TABLE IF NOT EXISTS state (key TEXT PRIMARY KEY, value TEXT NOT NULL, expires_at INTEGER) WITHOUT ROWID;
      CREATE TABLE IF NOT EXISTS jobs (
        id TEXT PRIMARY KEY, key TEXT UNIQUE, name TEXT NOT NULL, payload TEXT NOT NULL,
        due_at INTEGER NOT NULL, attempts INTEGER NOT NULL DEFAULT 0, claimed INTEGER NOT NULL DEFAULT 0
      );
      CREATE INDEX IF NOT EXISTS jobs_due ON jobs (claimed, due_at);
    `);
    this.#get = this.#db.prepare("SELECT key, value, expires_at FROM state WHERE key = ?");
    this.#put = this.#db.prepare(
      "INSERT INTO state (key, value, expires_at) VALUES (?, ?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value, expires_at = excluded.expires_at",
    );
    this.#remove = this.#db.prepare("DELETE FROM state WHERE key = ?");
    this.#list = this.#db.prepare(
      "SELECT key, value, expires_at FROM state WHERE key >= ? AND key < ? ORDER BY key LIMIT ?",
    );
    this.#listFrom = this.#db.prepare(
      "SELECT key, value, expires_at FROM state WHERE key >= ? ORDER BY key LIMIT ?",
    );
    this.#sweep = this.#db.prepare("DELETE FROM state WHERE expires_at IS NOT NULL AND expires_at <= ?");
    this.jobs = new SqliteJobQueue(this.#db, () => this.#open());
  }

  #open(): void {
    if (this.#closed) throw new StateError("closed", `store: ${this.path} used after close()`);
  }

  #read(key: string, now: number): Row | undefined {
    const row = this.#get.get(key);
    if (row && row.expires_at !== null && row.expires_at <= now) return undefined;
    return row;
  }

  /** Every so many writes, the values whose time is over leave the file. */
  #wrote(now: number): void {
    if (++this.#writes % 1_000 === 0) this.#sweep.run(now);
  }

  async get<T>(key: string): Promise<T | undefined> {
    this.#open();
    checkKey(key);
    const row = this.#read(key, this.now());
    return row === undefined ? undefined : (JSON.parse(row.value) as T);
  }

  async set<T>(key: string, value: T, options?: WriteOptions): Promise<void> {
    this.#open();
    checkKey(key);
    const now = this.now();
    this.#put.run(key, toJson(key, value), expiryOf(now, options));
    this.#wrote(now);
  }

  async update<T>(
    key: string,
    change: (current: T | undefined) => T | undefined,
    options?: WriteOptions,
  ): Promise<T | undefined> {
    this.#open();
    checkKey(key);
    const now = this.now();
    const fresh = options?.ttlMs === undefined ? undefined : expiryOf(now, options);
    const run = this.#db.transaction(() => {
      const row = this.#read(key, now);
      const next = change(row === undefined ? undefined : (JSON.parse(row.value) as T));
      if (next === undefined) this.#remove.run(key);
      else this.#put.run(key, toJson(key, next), fresh === undefined ? (row?.expires_at ?? null) : fresh);
      return next;
    }, "immediate");
    const next = run();
    this.#wrote(now);
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
    const now = this.now();
    const want = toJsonOrNone(key, expected);
    const json = toJsonOrNone(key, next);
    const expiresAt = expiryOf(now, options);
    const run = this.#db.transaction(() => {
      if (this.#read(key, now)?.value !== want) return false;
      if (json === undefined) this.#remove.run(key);
      else this.#put.run(key, json, expiresAt);
      return true;
    }, "immediate");
    return run();
  }

  async delete(key: string): Promise<boolean> {
    this.#open();
    checkKey(key);
    const had = this.#read(key, this.now()) !== undefined;
    this.#remove.run(key);
    return had;
  }

  async list<T>(prefix: string, options?: { limit?: number }): Promise<StoredEntry<T>[]> {
    this.#open();
    checkPrefix(prefix);
    const limit = listLimit(options);
    const now = this.now();
    const found: StoredEntry<T>[] = [];
    // The keys that start with `prefix` are one range of the primary key's order (code points, as
    // UTF-8 bytes): from the prefix up to, not including, the end prefixEnd gives, if any.
    const end = prefixEnd(prefix);
    let from = prefix;
    for (;;) {
      const rows = end === null ? this.#listFrom.all(from, limit) : this.#list.all(from, end, limit);
      for (const row of rows) {
        if (row.expires_at !== null && row.expires_at <= now) continue;
        found.push({ key: row.key, value: JSON.parse(row.value) as T, expiresAt: row.expires_at });
        if (found.length === limit) return found;
      }
      if (rows.length < limit) return found;
      from = `${rows.at(-1)!.key}\u0000`;
    }
  }

  /**
   * Makes this process the file's one writer (see {@link StateStore.claimWriter}): a lock beside
   * the file, `<path>-owner`, that the operating system lets go of when the process ends, however it
   * ends. Another process that claims it meanwhile gets a {@link StateError} `store_in_use`.
   */
  override claimWriter(): () => void {
    if (this.path === ":memory:") return () => undefined;
    return claimStoreFile(this.path, this.driver);
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#db.close();
  }
}

/**
 * The least string above every string that starts with `prefix`, in code point order: its last
 * code point below U+10FFFF, plus one (past the surrogates' range). Null when there is no such
 * code point (the prefix is "" or all U+10FFFF): every key from the prefix on starts with it.
 */
function prefixEnd(prefix: string): string | null {
  const points = [...prefix];
  while (points.at(-1) === "\u{10FFFF}") points.pop();
  const last = points.pop();
  if (last === undefined) return null;
  const next = last.codePointAt(0)! + 1;
  return points.join("") + String.fromCodePoint(next === 0xd800 ? 0xe000 : next);
}

/** The jobs of a {@link SqliteStore}: a table beside the values, in the same file. */
class SqliteJobQueue implements JobQueue {
  readonly #add: (job: Omit<JobRecord, "attempts">) => void;
  readonly #cancel: SqliteStatement<[string]>;
  readonly #list: SqliteStatement<[], JobRow>;
  readonly #due: SqliteStatement<[number, number], JobRow>;
  readonly #claim: SqliteStatement<[string]>;
  readonly #complete: SqliteStatement<[string]>;
  readonly #retry: SqliteStatement<[number, string]>;
  readonly #release: SqliteStatement<[]>;
  readonly #next: SqliteStatement<[], { due_at: number | null }>;
  readonly #claimDue: (now: number, limit: number) => JobRecord[];

  constructor(
    db: SqliteDatabase,
    private readonly open: () => void,
  ) {
    const removeKey = db.prepare<[string]>("DELETE FROM jobs WHERE key = ?");
    const insert = db.prepare<[string, string | null, string, string, number]>(
      "INSERT INTO jobs (id, key, name, payload, due_at, attempts, claimed) VALUES (?, ?, ?, ?, ?, 0, 0)",
    );
    this.#add = db.transaction((job: Omit<JobRecord, "attempts">) => {
      if (job.key !== null) removeKey.run(job.key);
      insert.run(job.id, job.key, job.name, job.payload, job.dueAt);
    }, "immediate");
    this.#cancel = removeKey;
    this.#list = db.prepare(
      "SELECT id, key, name, payload, due_at, attempts FROM jobs WHERE claimed = 0 ORDER BY due_at",
    );
    this.#due = db.prepare(
      "SELECT id, key, name, payload, due_at, attempts FROM jobs WHERE claimed = 0 AND due_at <= ? ORDER BY due_at LIMIT ?",
    );
    this.#claim = db.prepare("UPDATE jobs SET claimed = 1, attempts = attempts + 1 WHERE id = ?");
    this.#complete = db.prepare("DELETE FROM jobs WHERE id = ?");
    this.#retry = db.prepare("UPDATE jobs SET claimed = 0, due_at = ? WHERE id = ?");
    this.#release = db.prepare("UPDATE jobs SET claimed = 0 WHERE claimed = 1");
    this.#next = db.prepare("SELECT MIN(due_at) AS due_at FROM jobs WHERE claimed = 0");
    this.#claimDue = db.transaction(
      (now: number, limit: number) =>
        this.#due.all(now, limit).map((row) => {
          this.#claim.run(row.id);
          return { ...toRecord(row), attempts: row.attempts + 1 };
        }),
      "immediate",
    );
  }

  async add(job: Omit<JobRecord, "attempts">): Promise<void> {
    this.open();
    this.#add(job);
  }
  async cancel(key: string): Promise<boolean> {
    this.open();
    return this.#cancel.run(key).changes > 0;
  }
  async list(): Promise<JobRecord[]> {
    this.open();
    return this.#list.all().map(toRecord);
  }
  async claimDue(now: number, limit: number): Promise<JobRecord[]> {
    this.open();
    return this.#claimDue(now, limit);
  }
  async complete(id: string): Promise<void> {
    this.open();
    this.#complete.run(id);
  }
  async retry(id: string, dueAt: number): Promise<void> {
    this.open();
    this.#retry.run(dueAt, id);
  }
  async releaseClaims(): Promise<number> {
    this.open();
    return this.#release.run().changes;
  }
  async nextDueAt(): Promise<number | null> {
    this.open();
    return this.#next.get()?.due_at ?? null;
  }
}

function toRecord(row: JobRow): JobRecord {
  return {
    id: row.id,
    key: row.key,
    name: row.name,
    payload: row.payload,
    dueAt: row.due_at,
    attempts: row.attempts,
  };
}
