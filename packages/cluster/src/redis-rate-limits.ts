import type { SharedRateLimits } from "@chatbot/rest";
import type { Redis } from "ioredis";
import { defineScript, type RedisScript } from "./scripts.js";

/**
 * Takes one call of a bucket and of the global limit, on Redis's own clock (so every process reads
 * the same time): 0 to go, or the milliseconds to wait. A bucket whose window is unknown or has
 * passed lets one call at a time through (a probe) until an answer tells the new window.
 * KEYS: global hash, bucket hash ('' for none). ARGV: global limit per second, probe ttl ms.
 */
const TAKE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local g = KEYS[1]
local gblocked = tonumber(redis.call('HGET', g, 'blocked') or '0')
if gblocked > now then return gblocked - now end
local glimit = tonumber(ARGV[1])
local greset = tonumber(redis.call('HGET', g, 'reset') or '0')
local gleft = tonumber(redis.call('HGET', g, 'remaining') or '0')
if glimit > 0 then
  if greset <= now then greset = now + 1050; gleft = glimit end
  if gleft <= 0 then return greset - now end
end
if KEYS[2] ~= '' then
  local b = KEYS[2]
  local blocked = tonumber(redis.call('HGET', b, 'blocked') or '0')
  if blocked > now then return blocked - now end
  local reset = tonumber(redis.call('HGET', b, 'reset') or '0')
  local left = tonumber(redis.call('HGET', b, 'remaining') or '0')
  if reset > now then
    if left <= 0 then return reset - now end
    redis.call('HSET', b, 'remaining', left - 1)
  else
    local probe = tonumber(redis.call('HGET', b, 'probe') or '0')
    if probe > now then return math.min(probe - now, 25) end
    redis.call('HSET', b, 'probe', now + tonumber(ARGV[2]))
  end
  redis.call('PEXPIRE', b, 600000)
end
if glimit > 0 then
  redis.call('HSET', g, 'reset', greset, 'remaining', gleft - 1)
  redis.call('PEXPIRE', g, 600000)
end
return 0`;

/**
 * What an answer said of a bucket. A later window replaces the one kept; within the same window
 * only a lower `remaining` is kept, since answers arrive out of order.
 * KEYS: bucket hash. ARGV: remaining, reset after ms.
 */
const OBSERVE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local b = KEYS[1]
local reset = now + tonumber(ARGV[2])
local kept = tonumber(redis.call('HGET', b, 'reset') or '0')
local remaining = tonumber(ARGV[1])
if kept > now and reset <= kept + 100 then
  remaining = math.min(remaining, tonumber(redis.call('HGET', b, 'remaining') or remaining))
  reset = kept
end
redis.call('HSET', b, 'reset', reset, 'remaining', remaining, 'probe', 0)
redis.call('PEXPIRE', b, 600000)
return 1`;

/**
 * An answer without limits: for the next second the bucket lets calls go without probing.
 * KEYS: bucket hash.
 */
const FREE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('HSET', KEYS[1], 'reset', now + 1000, 'remaining', 1000000000, 'probe', 0)
redis.call('PEXPIRE', KEYS[1], 600000)
return 1`;

/** A 429: the bucket is closed until the wait passes. KEYS: bucket hash. ARGV: wait ms. */
const BLOCK = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local until_ = now + tonumber(ARGV[1])
local kept = tonumber(redis.call('HGET', KEYS[1], 'blocked') or '0')
if until_ > kept then redis.call('HSET', KEYS[1], 'blocked', until_) end
redis.call('HSET', KEYS[1], 'probe', 0)
redis.call('PEXPIRE', KEYS[1], 600000)
return 1`;

/**
 * The REST client's rate limits kept in Redis, so that every process of one bot shares one count
 * per bucket and one global limit: no process sends what the service would refuse because another
 * process already used it up. Give it to each process's client as `sharedRateLimits`.
 */
export class RedisRateLimits implements SharedRateLimits {
  readonly #prefix: string;
  readonly #globalLimit: number;
  readonly #take: RedisScript;
  readonly #observe: RedisScript;
  readonly #block: RedisScript;
  readonly #free: RedisScript;

  /**
   * @param prefix the keys' prefix (one per bot).
   * @param globalLimit the bot's calls per second across all its processes (50, the service's).
   */
  constructor(redis: Redis, prefix: string, globalLimit = 50) {
    this.#prefix = `${prefix}:rate-limit`;
    this.#globalLimit = Number.isFinite(globalLimit) ? globalLimit : 0;
    this.#take = defineScript(redis, "chatbotRateTake", 2, TAKE);
    this.#observe = defineScript(redis, "chatbotRateObserve", 1, OBSERVE);
    this.#block = defineScript(redis, "chatbotRateBlock", 1, BLOCK);
    this.#free = defineScript(redis, "chatbotRateFree", 1, FREE);
  }

  #key(bucket: string): string {
    return `${this.#prefix}:${bucket}`;
  }

  async take(bucket: string | null): Promise<number> {
    const keys = [this.#key("global"), bucket === null ? "" : this.#key(bucket)];
    return Number(await this.#take(keys, [this.#globalLimit, 5_000]));
  }

  async observe(
    bucket: string,
    state: { limit: number; remaining: number; resetAfterMs: number },
  ): Promise<void> {
    // The global window is counted here from the takes; only the buckets' windows come from answers.
    if (bucket === "global") return;
    await this.#observe([this.#key(bucket)], [state.remaining, Math.ceil(state.resetAfterMs)]);
  }

  async unlimited(bucket: string): Promise<void> {
    await this.#free([this.#key(bucket)], []);
  }

  async block(bucket: string, retryAfterMs: number): Promise<void> {
    await this.#block([this.#key(bucket)], [Math.ceil(retryAfterMs)]);
  }
}
