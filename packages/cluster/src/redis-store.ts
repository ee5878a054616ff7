import { randomUUID } from "node:crypto";
import {
  checkKey,
  checkPrefix,
  type Clock,
  expiryOf,
  type JobQueue,
  listLimit,
  toJson,
  toJsonOrNone,
  type JobRecord,
  StateError,
  StateStore,
  type StoredEntry,
  type WriteOptions,
} from "@chatbot/framework";
import type { Redis } from "ioredis";

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
// Jobs: a hash per job, a sorted set of the waiting ones by due time, a sorted set of the claimed
// ones by when their claim runs out, and a hash from key to job id.
const ADD_JOB = `
if ARGV[2] ~= "" then
  local old = redis.call("HGET", KEYS[3], ARGV[2])
  if old then
    redis.call("DEL", KEYS[4] .. old)
    redis.call("ZREM", KEYS[1], old)
    redis.call("ZREM", KEYS[2], old)
  end
  redis.call("HSET", KEYS[3], ARGV[2], ARGV[1])
end
redis.call("HSET", KEYS[4] .. ARGV[1], "id", ARGV[1], "key", ARGV[2], "name", ARGV[3], "payload", ARGV[4], "due", ARGV[5], "attempts", 0)
redis.call("ZADD", KEYS[1], ARGV[5], ARGV[1])
return 1`;
const CANCEL_JOB = `
local id = redis.call("HGET", KEYS[3], ARGV[1])
if not id then return 0 end
redis.call("HDEL", KEYS[3], ARGV[1])
redis.call("DEL", KEYS[4] .. id)
redis.call("ZREM", KEYS[1], id)
redis.call("ZREM", KEYS[2], id)
return 1`;
// Claims of processes that died come back first. Then the claims of this claimer (ARGV[4]) that it
// is not running (ARGV[5..]: its answer was lost, Redis stalled past the command timeout) are its
// own again, and due jobs are claimed for ARGV[3] ms, marked with the claimer.
const CLAIM_DUE = `
local now = tonumber(ARGV[1])
local limit = tonumber(ARGV[2])
for _, id in ipairs(redis.call("ZRANGEBYSCORE", KEYS[2], "-inf", now)) do
  redis.call("ZREM", KEYS[2], id)
  redis.call("ZADD", KEYS[1], redis.call("HGET", KEYS[4] .. id, "due") or now, id)
end
local running = {}
for i = 5, #ARGV do running[ARGV[i]] = true end
local out = {}
for _, id in ipairs(redis.call("ZRANGE", KEYS[2], 0, -1)) do
  if #out >= limit then break end
  if not running[id] and redis.call("HGET", KEYS[4] .. id, "claimer") == ARGV[4] then
    redis.call("ZADD", KEYS[2], now + tonumber(ARGV[3]), id)
    table.insert(out, redis.call("HMGET", KEYS[4] .. id, "id", "key", "name", "payload", "due", "attempts"))
  end
end
local ids = redis.call("ZRANGEBYSCORE", KEYS[1], "-inf", now, "LIMIT", 0, limit - #out)
for _, id in ipairs(ids) do
  redis.call("ZREM", KEYS[1], id)
  redis.call("ZADD", KEYS[2], now + tonumber(ARGV[3]), id)
  redis.call("HINCRBY", KEYS[4] .. id, "attempts", 1)
  redis.call("HSET", KEYS[4] .. id, "claimer", ARGV[4])
  local job = redis.call("HMGET", KEYS[4] .. id, "id", "key", "name", "payload", "due", "attempts")
  table.insert(out, job)
end
return out`;
const COMPLETE_JOB = `
local key = redis.call("HGET", KEYS[4] .. ARGV[1], "key")
if key and key ~= "" and redis.call("HGET", KEYS[3], key) == ARGV[1] then redis.call("HDEL", KEYS[3], key) end
redis.call("DEL", KEYS[4] .. ARGV[1])
redis.call("ZREM", KEYS[1], ARGV[1])
redis.call("ZREM", KEYS[2], ARGV[1])
return 1`;
const RETRY_JOB = `
if redis.call("EXISTS", KEYS[4] .. ARGV[1]) == 0 then return 0 end
redis.call("HSET", KEYS[4] .. ARGV[1], "due", ARGV[2])
redis.call("ZREM", KEYS[2], ARGV[1])
redis.call("ZADD", KEYS[1], ARGV[2], ARGV[1])
return 1`;
const RELEASE_EXPIRED = `
local n = 0
for _, id in ipairs(redis.call("ZRANGEBYSCORE", KEYS[2], "-inf", tonumber(ARGV[1]))) do
  redis.call("ZREM", KEYS[2], id)
  redis.call("ZADD", KEYS[1], redis.call("HGET", KEYS[4] .. id, "due") or ARGV[1], id)
  n = n + 1
end
return n`;

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
  chatbotJobAdd(...args: string[]): Promise<number>;
  chatbotJobCancel(...args: string[]): Promise<number>;
  chatbotJobClaim(...args: string[]): Promise<Array<[string, string, string, string, string, string]>>;
  chatbotJobComplete(...args: string[]): Promise<number>;
  chatbotJobRetry(...args: string[]): Promise<number>;
  chatbotJobRelease(...args: string[]): Promise<number>;
};

function defineScripts(redis: Redis): Scripted {
  const r = redis as Scripted;
  if (typeof r.chatbotStateSet === "function") return r;
  redis.defineCommand("chatbotStateSet", { numberOfKeys: 2, lua: SET });
  redis.defineCommand("chatbotStateCas", { numberOfKeys: 2, lua: CAS });
  redis.defineCommand("chatbotJobAdd", { numberOfKeys: 4, lua: ADD_JOB });
  redis.defineCommand("chatbotJobCancel", { numberOfKeys: 4, lua: CANCEL_JOB });
  redis.defineCommand("chatbotJobClaim", { numberOfKeys: 4, lua: CLAIM_DUE });
  redis.defineCommand("chatbotJobComplete", { numberOfKeys: 4, lua: COMPLETE_JOB });
  redis.defineCommand("chatbotJobRetry", { numberOfKeys: 4, lua: RETRY_JOB });
  redis.defineCommand("chatbotJobRelease", { numberOfKeys: 4, lua: RELEASE_EXPIRED });
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
    this.jobs = new RedisJobQueue(this.#redis, `${options.prefix}:jobs`, claimMs, () => this.#open());
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

class RedisJobQueue implements JobQueue {
  /** Other processes schedule too: each scheduler looks again every second. */
  readonly pollMs = 1_000;
  readonly #keys: [string, string, string, string];
  /** This queue's name in the claims it makes. */
  readonly #claimer = randomUUID();
  /** The jobs this queue claimed and has not completed or put back: they are being run here. */
  readonly #running = new Set<string>();
  constructor(
    private readonly redis: Scripted,
    prefix: string,
    private readonly claimMs: number,
    private readonly open: () => void,
  ) {
    this.#keys = [`${prefix}:due`, `${prefix}:claimed`, `${prefix}:by-key`, `${prefix}:job:`];
  }
  async add(job: Omit<JobRecord, "attempts">): Promise<void> {
    this.open();
    await this.redis.chatbotJobAdd(
      ...this.#keys,
      job.id,
      job.key ?? "",
      job.name,
      job.payload,
      String(job.dueAt),
    );
  }
  async cancel(key: string): Promise<boolean> {
    this.open();
    return (await this.redis.chatbotJobCancel(...this.#keys, key)) === 1;
  }
  async list(): Promise<JobRecord[]> {
    this.open();
    const ids = await this.redis.zrange(this.#keys[0], "0", "-1");
    const jobs: JobRecord[] = [];
    for (const id of ids) {
      const [jobId, key, name, payload, due, attempts] = await this.redis.hmget(
        `${this.#keys[3]}${id}`,
        "id",
        "key",
        "name",
        "payload",
        "due",
        "attempts",
      );
      if (jobId)
        jobs.push(toRecord([jobId, key ?? "", name ?? "", payload ?? "null", due ?? "0", attempts ?? "0"]));
    }
    return jobs;
  }
  async claimDue(now: number, limit: number): Promise<JobRecord[]> {
    this.open();
    // A claim whose answer was lost (Redis stalled past the command timeout) is this queue's
    // again at the next claim, instead of waiting for its claim to run out.
    const rows = await this.redis.chatbotJobClaim(
      ...this.#keys,
      String(now),
      String(limit),
      String(this.claimMs),
      this.#claimer,
      ...this.#running,
    );
    const jobs = rows.map(toRecord);
    for (const job of jobs) this.#running.add(job.id);
    return jobs;
  }
  async complete(id: string): Promise<void> {
    this.open();
    await this.redis.chatbotJobComplete(...this.#keys, id);
    this.#running.delete(id);
  }
  async retry(id: string, dueAt: number): Promise<void> {
    this.open();
    await this.redis.chatbotJobRetry(...this.#keys, id, String(dueAt));
    this.#running.delete(id);
  }
  /**
   * Gives back the claims that ran out (their process died): in a cluster the other processes'
   * live claims are theirs, so unlike a file of one process, only expired ones come back.
   */
  async releaseClaims(now: number): Promise<number> {
    this.open();
    return this.redis.chatbotJobRelease(...this.#keys, String(now));
  }
  async nextDueAt(): Promise<number | null> {
    this.open();
    const [, due] = await this.redis.zrange(this.#keys[0], "0", "0", "WITHSCORES");
    const [, claimEnds] = await this.redis.zrange(this.#keys[1], "0", "0", "WITHSCORES");
    const times = [due, claimEnds].filter((t): t is string => t !== undefined).map(Number);
    return times.length === 0 ? null : Math.min(...times);
  }
}

function toRecord([id, key, name, payload, due, attempts]: readonly string[]): JobRecord {
  return {
    id: id!,
    key: key === "" || key === undefined ? null : key,
    name: name!,
    payload: payload!,
    dueAt: Number(due),
    attempts: Number(attempts),
  };
}
