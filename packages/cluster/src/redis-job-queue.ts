import { randomUUID } from "node:crypto";
import type { JobQueue, JobRecord } from "@chatbot/framework";
import type { Redis } from "ioredis";

// Each script runs alone on the Redis server: reads and writes in one step.
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

type JobScripted = Redis & {
  chatbotJobAdd(...args: string[]): Promise<number>;
  chatbotJobCancel(...args: string[]): Promise<number>;
  chatbotJobClaim(...args: string[]): Promise<Array<[string, string, string, string, string, string]>>;
  chatbotJobComplete(...args: string[]): Promise<number>;
  chatbotJobRetry(...args: string[]): Promise<number>;
  chatbotJobRelease(...args: string[]): Promise<number>;
};

function defineJobScripts(redis: Redis): JobScripted {
  const r = redis as JobScripted;
  if (typeof r.chatbotJobAdd === "function") return r;
  redis.defineCommand("chatbotJobAdd", { numberOfKeys: 4, lua: ADD_JOB });
  redis.defineCommand("chatbotJobCancel", { numberOfKeys: 4, lua: CANCEL_JOB });
  redis.defineCommand("chatbotJobClaim", { numberOfKeys: 4, lua: CLAIM_DUE });
  redis.defineCommand("chatbotJobComplete", { numberOfKeys: 4, lua: COMPLETE_JOB });
  redis.defineCommand("chatbotJobRetry", { numberOfKeys: 4, lua: RETRY_JOB });
  redis.defineCommand("chatbotJobRelease", { numberOfKeys: 4, lua: RELEASE_EXPIRED });
  return r;
}

/**
 * The jobs of a {@link RedisStore}: a hash per job, a sorted set of the waiting ones by due time, a
 * sorted set of the claimed ones by when their claim runs out, and a hash from key to job id. A
 * job is claimed by one process at a time for `claimMs`.
 */
export class RedisJobQueue implements JobQueue {
  /** Other processes schedule too: each scheduler looks again every second. */
  readonly pollMs = 1_000;
  readonly #keys: [string, string, string, string];
  /** This queue's name in the claims it makes. */
  readonly #claimer = randomUUID();
  /** The jobs this queue claimed and has not completed or put back: they are being run here. */
  readonly #running = new Set<string>();
  private readonly redis: JobScripted;
  constructor(
    redis: Redis,
    prefix: string,
    private readonly claimMs: number,
    private readonly open: () => void,
  ) {
    this.redis = defineJobScripts(redis);
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
