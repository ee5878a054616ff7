import {
  checkKey,
  checkPrefix,
  type Clock,
  expiryOf,
  type JobQueue,
  listLimit,
  toJson,
  toJsonOrNone,
  StateError,
  StateStore,
  type StoredEntry,
  type WriteOptions,
} from "@chatbot/framework";
import type { Redis } from "ioredis";
import { RedisJobQueue } from "./redis-job-queue.js";

/** Options of {@link RedisStore}. */
export interface RedisStoreOptions {
  /** The prefix of every key (a cluster's `ClusterKeys.prefix` plus `:state`). */
  readonly prefix: string;
  /** The clock times to live run on; default the clock of the bot it is given to, else the wall clock. */
  readonly clock?: Pick<Clock, "now">;
  /**
   * How long a claimed job is kept from other processes while its handler runs (60,000 ms): a
   * process that died with a job claimed gives it back once this has passed.
   */
  readonly claimMs?: number;
}

// The values: a hash per key { v: JSON, x: expiry in Unix ms or "" }, checked on read against the
// clock given (so a test's clock works as the wall clock does), and a sorted set of keys to list
// by prefix. Each script runs alone on the Redis server: reads and writes in one step.
const SET = `
redis.call("HSET", KEYS[1], "v", ARGV[1], "x", ARGV[2])
redis.call("ZADD", KEYS[2], 0, ARGV[3])
return 1`;
const CAS = `
local now = tonumber(ARGV[5])
local cur = redis.call("HMGET", KEYS[1], "v", "x")
local value = cur[1]
if value and cur[2] ~= "" and tonumber(cur[2]) <= now then value = false end
local want = ARGV[1]
if (want == "" and value) or (want ~= "" and value ~= string.sub(want, 2)) then return 0 end
if ARGV[2] == "" then
  redis.call("DEL", KEYS[1])
  redis.call("ZREM", KEYS[2], ARGV[4])
else
  redis.call("HSET", KEYS[1], "v", string.sub(ARGV[2], 2), "x", ARGV[3])
  redis.call("ZADD", KEYS[2], 0, ARGV[4])
end
return 1`;
type Scripted = Redis & {
  chatbotStateSet(k1: string, k2: string, value: string, expiry: string, key: string): Promise<number>;
  chatbotStateCas(
    k1: string,
    k2: string,
    expected: string,
    next: string,
    expiry: string,
    key: string,
    now: string,
  ): Promise<number>;
};

function defineScripts(redis: Redis): Scripted {
  const r = redis as Scripted;
  if (typeof r.chatbotStateSet === "function") return r;
  redis.defineCommand("chatbotStateSet", { numberOfKeys: 2, lua: SET });
  redis.defineCommand("chatbotStateCas", { numberOfKeys: 2, lua: CAS });
  return r;
}

/** Tries of an {@link RedisStore.update} that keeps losing its race before it gives up. */
const UPDATE_TRIES = 100;

/**
 * The state store of a bot that runs on many processes: values and jobs in Redis, shared by every
 * process of the cluster. A write is acknowledged once Redis has it (its own persistence decides
 * what survives a Redis restart). `update` reads, applies the change and writes with
 * compare-and-set, again when another process wrote in between; jobs are claimed by one process at
 * a time for `claimMs`, so a job fires once across the workers (and again only if the process
 * that claimed it died: at least once).
 */
export class RedisStore extends StateStore {
  readonly jobs: JobQueue;
  readonly #redis: Scripted;
  readonly #prefix: string;
  #closed = false;

  constructor(redis: Redis, options: RedisStoreOptions) {
    super(options?.clock);
    if (typeof options?.prefix !== "string" || options.prefix === "") {
      throw new StateError("bad_prefix", "RedisStore: prefix must be a non-empty string");
    }
    this.#redis = defineScripts(redis);
    this.#prefix = options.prefix;
    const claimMs = options.claimMs ?? 60_000;
    if (!Number.isInteger(claimMs) || claimMs < 1_000) {
      throw new StateError(
        "bad_claim",
        `RedisStore: claimMs must be a whole number of 1000 or more, got ${String(claimMs)}`,
      );
    }
    this.jobs = new RedisJobQueue(redis, `${options.prefix}:jobs`, claimMs, () => this.#open());
  }

  #open(): void {
    if (this.#closed) throw new StateError("closed", "store: used after close()");
  }
  #value(key: string): string {
    return `${this.#prefix}:v:${key}`;
  }
  get #index(): string {
    return `${this.#prefix}:keys`;
  }

  async #read(key: string): Promise<{ json: string; expiresAt: number | null } | undefined> {
    const [json, expiry] = await this.#redis.hmget(this.#value(key), "v", "x");
    if (json === null || json === undefined) return undefined;
    const expiresAt = expiry ? Number(expiry) : null;
    if (expiresAt !== null && expiresAt <= this.now()) return undefined;
    return { json, expiresAt };
  }

  async get<T>(key: string): Promise<T | undefined> {
    this.#open();
    checkKey(key);
    const found = await this.#read(key);
    return found === undefined ? undefined : (JSON.parse(found.json) as T);
  }

  async set<T>(key: string, value: T, options?: WriteOptions): Promise<void> {
    this.#open();
    checkKey(key);
    const expiry = expiryOf(this.now(), options);
    await this.#redis.chatbotStateSet(
      this.#value(key),
      this.#index,
      toJson(key, value),
      expiry === null ? "" : String(expiry),
      key,
    );
  }

  async update<T>(
    key: string,
    change: (current: T | undefined) => T | undefined,
    options?: WriteOptions,
  ): Promise<T | undefined> {
    this.#open();
    checkKey(key);
    for (let attempt = 0; attempt < UPDATE_TRIES; attempt++) {
      const found = await this.#read(key);
      const next = change(found === undefined ? undefined : (JSON.parse(found.json) as T));
      const expiresAt =
        options?.ttlMs === undefined ? (found?.expiresAt ?? null) : expiryOf(this.now(), options);
      if (await this.#cas(key, found?.json, toJsonOrNone(key, next), expiresAt)) {
        return next;
      }
    }
    throw new StateError(
      "contended",
      `store: update of "${key}" lost its race ${UPDATE_TRIES} times in a row`,
    );
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
    return this.#cas(key, want, json, expiryOf(this.now(), options));
  }

  async #cas(
    key: string,
    want: string | undefined,
    next: string | undefined,
    expiresAt: number | null,
  ): Promise<boolean> {
    // "" stands for none; a value is sent behind a "=" so that it is never "".
    const done = await this.#redis.chatbotStateCas(
      this.#value(key),
      this.#index,
      want === undefined ? "" : `=${want}`,
      next === undefined ? "" : `=${next}`,
      expiresAt === null ? "" : String(expiresAt),
      key,
      String(this.now()),
    );
    return done === 1;
  }

  async delete(key: string): Promise<boolean> {
    this.#open();
    checkKey(key);
    const had = (await this.#read(key)) !== undefined;
    await this.#redis.multi().del(this.#value(key)).zrem(this.#index, key).exec();
    return had;
  }

  async list<T>(prefix: string, options?: { limit?: number }): Promise<StoredEntry<T>[]> {
    this.#open();
    checkPrefix(prefix);
    const limit = listLimit(options);
    const found: StoredEntry<T>[] = [];
    let from = `[${prefix}`;
    for (;;) {
      const keys = await this.#redis.zrangebylex(this.#index, from, "+", "LIMIT", 0, limit);
      for (const key of keys) {
        if (!key.startsWith(prefix)) return found;
        const entry = await this.#read(key);
        if (entry) found.push({ key, value: JSON.parse(entry.json) as T, expiresAt: entry.expiresAt });
        if (found.length === limit) return found;
      }
      if (keys.length < limit) return found;
      from = `(${keys.at(-1)!}`;
    }
  }

  /** Marks the store closed; the Redis connection is its owner's to close. */
  async close(): Promise<void> {
    this.#closed = true;
  }
}
