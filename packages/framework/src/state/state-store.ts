import { FrameworkError } from "../errors.js";
import type { Clock } from "../services.js";
import { notJson } from "./json-value.js";

/** A value the store keeps: anything JSON can write (objects, arrays, strings, numbers, booleans, null). */
export type StoredValue =
  null | boolean | number | string | readonly StoredValue[] | { readonly [key: string]: StoredValue };

/** Options of a write. */
export interface WriteOptions {
  /** Forget the value this many milliseconds from now, on the store's clock (the bot's). */
  readonly ttlMs?: number;
}

/** One entry of {@link StateStore.list}. */
export interface StoredEntry<T> {
  readonly key: string;
  readonly value: T;
  /** When it will be forgotten (Unix milliseconds on the store's clock), or null. */
  readonly expiresAt: number | null;
}

/** A job of the scheduler, as the store keeps it. */
export interface JobRecord {
  readonly id: string;
  /** The key that replaces or cancels it, if it was given one. */
  readonly key: string | null;
  readonly name: string;
  /** The payload, as JSON text. */
  readonly payload: string;
  /** When it is due (Unix milliseconds on the bot's clock). */
  readonly dueAt: number;
  /** How many times a handler has taken it (this one included, once claimed). */
  readonly attempts: number;
}

/**
 * Where the scheduler keeps its jobs: part of every store, so that jobs and state live (and
 * survive) together. Claims make a job run once while it is claimed; `releaseClaims` at start
 * gives back what a process that died had claimed, so its jobs run again (at least once).
 */
export interface JobQueue {
  /** Adds a job; one with the same `key` is replaced. */
  add(job: Omit<JobRecord, "attempts">): Promise<void>;
  /** Removes the job with this key; answers whether there was one. */
  cancel(key: string): Promise<boolean>;
  /** The jobs not claimed, soonest first. */
  list(): Promise<JobRecord[]>;
  /** Claims up to `limit` jobs due at `now` (soonest first), counting an attempt on each. */
  claimDue(now: number, limit: number): Promise<JobRecord[]>;
  /** A claimed job ran: it is removed. */
  complete(id: string): Promise<void>;
  /** A claimed job failed: it is due again at `dueAt`. */
  retry(id: string, dueAt: number): Promise<void>;
  /**
   * At start: gives back the claims of processes that died; answers how many. A store of one
   * process gives back all of them; a shared one, those whose claim ran out by `now`.
   */
  releaseClaims(now: number): Promise<number>;
  /** When the soonest unclaimed job is due, or null when there is none. */
  nextDueAt(): Promise<number | null>;
  /**
   * For a store other processes schedule into (Redis): how often a scheduler asks again even
   * when its own next job is later, to see theirs. None for a store of one process.
   */
  readonly pollMs?: number;
}

/** A key or value the store cannot take, or a store used after it was closed. */
export class StateError extends FrameworkError {
  override readonly name = "StateError";
}

const MAX_KEY = 512;
/** A lone surrogate: with the `u` flag, a pair is one code point and never matches. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/**
 * Checks a key: a non-empty string of at most 512 characters (UTF-16 code units), well-formed
 * Unicode. A lone surrogate cannot be written as UTF-8, which SQLite and Redis keep keys in: there
 * two such keys would be one (both U+FFFD), so every store refuses them.
 */
export function checkKey(key: unknown): asserts key is string {
  if (typeof key !== "string" || key === "" || key.length > MAX_KEY) {
    throw new StateError(
      "bad_key",
      `store: a key must be a non-empty string of at most ${MAX_KEY} characters, got ${typeof key === "string" ? `${key.length} characters` : typeof key}`,
    );
  }
  if (LONE_SURROGATE.test(key)) {
    throw new StateError(
      "bad_key",
      `store: a key must be well-formed Unicode (no lone surrogate), got ${JSON.stringify(key)}`,
    );
  }
}

/** Checks the prefix of a list: a string ("" lists every key), well-formed Unicode as a key is. */
export function checkPrefix(prefix: unknown): asserts prefix is string {
  if (typeof prefix !== "string") {
    throw new StateError(
      "bad_prefix",
      `store: list's prefix must be a string ("" lists every key), got ${prefix === null ? "null" : typeof prefix}`,
    );
  }
  if (LONE_SURROGATE.test(prefix)) {
    throw new StateError(
      "bad_prefix",
      `store: list's prefix must be well-formed Unicode (no lone surrogate), got ${JSON.stringify(prefix)}`,
    );
  }
}

/**
 * The value as JSON text, or a {@link StateError} naming the key and what is not JSON: a `Date`, a
 * class instance, `NaN`, `undefined`, a function, a cycle, or objects and arrays nested deeper than
 * 100 (`MAX_DEPTH` of json-value.ts).
 */
export function toJson(key: string, value: unknown): string {
  const bad = notJson(value, "value");
  if (bad) throw new StateError("bad_value", `store: the value of "${key}" must be JSON: ${bad}`);
  return JSON.stringify(value);
}

/** Like {@link toJson}, where undefined stands for no value (compare-and-set, update) and stays undefined. */
export function toJsonOrNone(key: string, value: unknown): string | undefined {
  return value === undefined ? undefined : toJson(key, value);
}

/** Checks a time to live: a whole number of milliseconds above 0, or none. */
export function expiryOf(now: number, options: WriteOptions | undefined): number | null {
  const ttl = options?.ttlMs;
  if (ttl === undefined) return null;
  if (!Number.isFinite(ttl) || ttl <= 0) {
    throw new StateError(
      "bad_ttl",
      `store: ttlMs must be a number of milliseconds above 0, got ${String(ttl)}`,
    );
  }
  return now + ttl;
}

/**
 * The bot's durable state: typed values under keys, each with an optional time to live, read and
 * written atomically, listed by prefix. Injectable by this class (`constructor(private store:
 * StateStore)`); `ctx.resolve(StateStore)` in middleware. Adapters: {@link MemoryStore} (the
 * default; tests), {@link SqliteStore} (a file, for one process), and Redis in `@chatbot/cluster`.
 *
 * Every method is async so that a store across the network fits the same interface.
 *
 * Times to live run on the store's clock: the `clock` it was made with, else the clock of the bot
 * it was given to (`createBot` calls {@link StateStore.followClock}), else the wall clock.
 */
export abstract class StateStore {
  readonly #ownClock: Pick<Clock, "now"> | undefined;
  #botClock: Pick<Clock, "now"> | undefined;

  /** `clock`: the store's own clock, kept whatever bot it is given to. */
  constructor(clock?: Pick<Clock, "now">) {
    this.#ownClock = clock;
  }

  /** Now, in Unix milliseconds, on the store's clock. */
  protected now(): number {
    return (this.#ownClock ?? this.#botClock)?.now() ?? Date.now();
  }

  /**
   * The clock of the bot this store is given to: called by `createBot`. A store made without a
   * `clock` of its own runs its times to live on it from then on (in a test, the world's clock);
   * one made with its own keeps that one.
   */
  followClock(clock: Pick<Clock, "now">): void {
    this.#botClock = clock;
  }

  /** The value under `key`, or undefined (never written, removed, or its time to live is over). */
  abstract get<T>(key: string): Promise<T | undefined>;
  /** Writes `value` under `key` (replacing what was there). */
  abstract set<T>(key: string, value: T, options?: WriteOptions): Promise<void>;
  /**
   * Reads, changes and writes one key as one step: no other write to it comes in between, so two
   * handlers updating a counter never lose each other's change. `change` gets the current value
   * (undefined when there is none) and answers the new one, or undefined to remove it; it must not
   * wait for anything (it may run again when another process wrote meanwhile). Answers the new
   * value. Without `ttlMs`, a value keeps the expiry it had.
   */
  abstract update<T>(
    key: string,
    change: (current: T | undefined) => T | undefined,
    options?: WriteOptions,
  ): Promise<T | undefined>;
  /**
   * Writes `next` (undefined: removes) only if the value is still `expected` (compared as JSON;
   * undefined: there is none). Answers whether it wrote.
   */
  abstract compareAndSet<T>(
    key: string,
    expected: T | undefined,
    next: T | undefined,
    options?: WriteOptions,
  ): Promise<boolean>;
  /** Removes `key`; answers whether there was a value. */
  abstract delete(key: string): Promise<boolean>;
  /** The entries whose key starts with `prefix`, by key, at most `limit` (default 1,000). */
  abstract list<T>(prefix: string, options?: { limit?: number }): Promise<StoredEntry<T>[]>;
  /** Where the scheduler keeps its jobs. */
  abstract readonly jobs: JobQueue;
  /** Closes the store (a file's handle; a connection). */
  abstract close(): Promise<void>;

  /**
   * Makes the calling process the store's one writer until the returned function is called: a bot
   * calls it at `start()` (it keeps what it writes in memory too) and lets go at `stop()`. A store
   * of one process on a file (`SqliteStore`) refuses a second process with a {@link StateError}
   * `store_in_use`; a store for one process in memory, or one many processes share (Redis), has
   * nothing to claim.
   */
  claimWriter(): () => void {
    return () => undefined;
  }

  /**
   * A view of this store whose keys all start with `name:` (`store.namespace("polls").get("42")`
   * reads `polls:42`), so that parts of a bot never write over each other's keys.
   */
  namespace(name: string): StateStore {
    checkKey(name);
    return new NamespacedStore(this, `${name}:`);
  }
}

class NamespacedStore extends StateStore {
  constructor(
    private readonly inner: StateStore,
    private readonly prefix: string,
  ) {
    super();
  }
  override followClock(clock: Pick<Clock, "now">): void {
    this.inner.followClock(clock);
  }
  get jobs(): JobQueue {
    return this.inner.jobs;
  }
  async get<T>(key: string): Promise<T | undefined> {
    checkKey(key);
    return this.inner.get<T>(this.prefix + key);
  }
  async set<T>(key: string, value: T, options?: WriteOptions): Promise<void> {
    checkKey(key);
    return this.inner.set(this.prefix + key, value, options);
  }
  async update<T>(
    key: string,
    change: (current: T | undefined) => T | undefined,
    options?: WriteOptions,
  ): Promise<T | undefined> {
    checkKey(key);
    return this.inner.update(this.prefix + key, change, options);
  }
  async compareAndSet<T>(
    key: string,
    expected: T | undefined,
    next: T | undefined,
    options?: WriteOptions,
  ): Promise<boolean> {
    checkKey(key);
    return this.inner.compareAndSet(this.prefix + key, expected, next, options);
  }
  async delete(key: string): Promise<boolean> {
    checkKey(key);
    return this.inner.delete(this.prefix + key);
  }
  async list<T>(prefix: string, options?: { limit?: number }): Promise<StoredEntry<T>[]> {
    checkPrefix(prefix);
    const entries = await this.inner.list<T>(this.prefix + prefix, options);
    return entries.map((e) => ({ ...e, key: e.key.slice(this.prefix.length) }));
  }
  close(): Promise<void> {
    return this.inner.close();
  }
}

/** The limit of a list: a whole number from 1 to 10,000 (default 1,000). */
export function listLimit(options: { limit?: number } | undefined): number {
  const limit = options?.limit ?? 1_000;
  if (!Number.isInteger(limit) || limit < 1 || limit > 10_000) {
    throw new StateError(
      "bad_limit",
      `store: list's limit must be a whole number from 1 to 10000, got ${String(limit)}`,
    );
  }
  return limit;
}
