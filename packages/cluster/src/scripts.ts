import type { Redis } from "ioredis";

/** A Lua script run atomically on Redis; ioredis sends it by its hash, and the text once if needed. */
export type RedisScript = (keys: readonly string[], args: readonly (string | number)[]) => Promise<unknown>;

/** Registers `lua` on `redis` under `name` (ioredis's `defineCommand`) and returns a caller for it. */
export function defineScript(redis: Redis, name: string, numberOfKeys: number, lua: string): RedisScript {
  if (!(name in redis)) redis.defineCommand(name, { numberOfKeys, lua });
  const command = (redis as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>)[name]!;
  return (keys, args) => command.call(redis, ...keys, ...args);
}

/**
 * `lease` → `<holder>:<fence>` when free; answers the fence, or 0 if held. The fence is the next
 * number of the counter, and never less than Redis's clock in microseconds: a Redis that lost its
 * data (the counter with it) still hands out fences greater than every one before the loss, as long
 * as fewer than one lease a microsecond was taken on average. (Milliseconds were too coarse: a
 * lease taken in the same millisecond as the loss got the fence of the one before it.)
 */
export const ACQUIRE_LEASE = `
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
local fence = redis.call('INCR', KEYS[2])
if fence < now then
  fence = now
  redis.call('SET', KEYS[2], string.format('%d', fence))
end
redis.call('SET', KEYS[1], ARGV[1] .. ':' .. string.format('%d', fence), 'PX', ARGV[2])
return fence`;

/**
 * Marks a partition's entry handled, and acknowledges it only while the caller still holds the
 * partition's lease (1; 0 otherwise: the next holder finds it handled and acknowledges it).
 * KEYS: partition lease, handled marker, stream. ARGV: lease value, marker ttl ms, group, entry id.
 */
export const FENCED_ACK = `
redis.call('SET', KEYS[2], '1', 'PX', ARGV[2])
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('XACK', KEYS[3], ARGV[3], ARGV[4])
return 1`;

/** Extends the lease only while it still holds this value: 1, or 0 once it was lost. */
export const RENEW_LEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0`;

/** Gives the lease up only while it still holds this value. */
export const RELEASE_LEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

/**
 * Publishes one gateway event, only while the caller still holds the gateway lease (-1 otherwise):
 * the fencing check and the write are one step, so an owner that lost its lease can never publish
 * after another started. A message id is published once (0 for a repeat), and the channel's cursor
 * (and `*`, the newest of all channels) moves to the greatest id seen (ids compare as numbers: the longer, or the greater of equal length).
 * KEYS: lease, stream, cursors, last-published, published-marker (or '' for events with no message id)
 * ARGV: lease value, event JSON, stream max length, channel id, message id, now, marker ttl ms
 */
export const PUBLISH_EVENT = `
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return -1 end
if ARGV[5] ~= '' then
  if not redis.call('SET', KEYS[5], '1', 'NX', 'PX', ARGV[7]) then return 0 end
  for _, field in ipairs({ARGV[4], '*'}) do
    local cur = redis.call('HGET', KEYS[3], field)
    if (not cur) or (#ARGV[5] > #cur) or (#ARGV[5] == #cur and ARGV[5] > cur) then
      redis.call('HSET', KEYS[3], field, ARGV[5])
    end
  end
end
redis.call('XADD', KEYS[2], 'MAXLEN', '~', ARGV[3], '*', 'e', ARGV[2])
redis.call('SET', KEYS[4], ARGV[6])
return 1`;
