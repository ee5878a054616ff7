import type { Logger } from "@chatbot/framework";
import { sleep } from "@chatbot/kit";
import type { Redis } from "ioredis";
import { CONSUMER_GROUP, type ClusterKeys } from "./keys.js";
import type { RedisScript } from "./scripts.js";
import { HANDLED_TTL_MS, READ_COUNT, type StreamReader } from "./worker-options.js";

/** One entry of a stream as Redis answers it: its id and its flat list of fields and values. */
export type Entry = readonly [id: string, fields: readonly string[]];

/** Makes the consumer group of `stream` (and the stream), unless it is there already. */
export async function ensureGroup(redis: Redis, stream: string): Promise<void> {
  try {
    await redis.xgroup("CREATE", stream, CONSUMER_GROUP, "0", "MKSTREAM");
  } catch (error) {
    if (!String(error).includes("BUSYGROUP")) throw error;
  }
}

/**
 * Renews `nodeId`'s membership of the workers until `now + ttlMs`, drops the members whose time
 * ran out, and answers how many are left.
 */
export async function renewMembership(
  redis: Redis,
  keys: ClusterKeys,
  nodeId: string,
  now: number,
  ttlMs: number,
): Promise<number> {
  const [, , live] = (await redis
    .multi()
    .zadd(keys.workers, now + ttlMs, nodeId)
    .zremrangebyscore(keys.workers, "-inf", now)
    .zcard(keys.workers)
    .exec())!.map(([error, value]) => {
    if (error) throw error;
    return value;
  }) as [unknown, unknown, number];
  return live;
}

/**
 * Reads entries not delivered yet from `streams`, `READ_COUNT` each at most, waiting `blockMs` at
 * most. It fails as soon as the connection closes: with `autoResendUnfulfilledCommands` off, ioredis
 * drops a command under way at a close without failing it, and the read would wait for the command
 * timeout (5 s), interactions included, after Redis came back.
 */
export function readNew(
  reader: Redis,
  nodeId: string,
  blockMs: number,
  streams: readonly string[],
): Promise<[string, Entry[]][] | null> {
  const read = reader.xreadgroup(
    "GROUP",
    CONSUMER_GROUP,
    nodeId,
    "COUNT",
    READ_COUNT,
    "BLOCK",
    blockMs,
    "STREAMS",
    ...streams,
    ...streams.map(() => ">"),
  ) as Promise<[string, Entry[]][] | null>;
  return failOnClose(reader, read);
}

/** `command`, or an error as soon as `redis`'s connection closes before it is answered. */
function failOnClose<T>(redis: Redis, command: Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const closed = () => reject(new Error("the connection to Redis closed during the read"));
    redis.once("close", closed);
    command.then(resolve, reject).finally(() => redis.off("close", closed));
  });
}

/**
 * Redis answered NOGROUP: it lost its data (restarted without persistence, or from an older
 * snapshot), and with it the consumer groups. Each is made again, so reading goes on; what the
 * streams lost is not there to read.
 */
export async function recreateGroups(
  worker: { readonly redis: Redis; readonly logger: Logger; readonly nodeId: string },
  streams: readonly string[],
): Promise<void> {
  worker.logger.error(
    `cluster: worker ${worker.nodeId}: Redis lost the consumer groups (its data was lost?); making them again`,
  );
  for (const stream of streams) {
    await ensureGroup(worker.redis, stream).catch((error: unknown) =>
      worker.logger.warn(`cluster: could not make the consumer group of ${stream}: ${String(error)}`),
    );
  }
}

/**
 * Resets the idle time of the entries `reader` is still running (an interaction's handler may
 * follow up for 15 minutes), so that no other worker takes them for a dead worker's.
 */
export async function keepFresh(redis: Redis, nodeId: string, reader: StreamReader): Promise<void> {
  if (reader.running.size === 0) return;
  const ids = [...reader.running];
  await redis.xclaim(reader.stream, CONSUMER_GROUP, nodeId, 0, ...ids, "JUSTID");
}

/** The partition number of a partition's stream (the end of its key). */
export function partitionOfStream(stream: string): number {
  return Number(stream.slice(stream.lastIndexOf(":") + 1));
}

/**
 * Marks entry `id` of `stream` handled and acknowledges it; for a partition, fenced by the lease
 * this worker holds it under (`ack`, the fenced-acknowledgement script), so a worker that lost the
 * partition acknowledges nothing of it.
 */
export function acknowledge(
  worker: { readonly redis: Redis; readonly keys: ClusterKeys },
  ack: RedisScript,
  entry: { readonly stream: string; readonly id: string; readonly lease: string | null },
): Promise<unknown> {
  const { redis, keys } = worker;
  const { stream, id, lease } = entry;
  const handledKey = keys.handled(stream, id);
  if (lease === null) {
    return redis.multi().set(handledKey, "1", "PX", HANDLED_TTL_MS).xack(stream, CONSUMER_GROUP, id).exec();
  }
  return ack(
    [keys.partitionLease(partitionOfStream(stream)), handledKey, stream],
    [lease, HANDLED_TTL_MS, CONSUMER_GROUP, id],
  );
}

/** Whether Redis answered that a stream's consumer group does not exist. */
export function isNoGroup(error: unknown): boolean {
  return String(error).includes("NOGROUP");
}

/**
 * Takes the entries other consumers left unacknowledged for `minIdleMs` on `stream`, handing each
 * to `take` in order.
 */
export async function claimStale(
  redis: Redis,
  nodeId: string,
  stream: string,
  minIdleMs: number,
  take: (entry: Entry) => void,
): Promise<void> {
  let cursor = "0-0";
  for (let round = 0; round < 100; round++) {
    const [next, entries] = (await redis.xautoclaim(
      stream,
      CONSUMER_GROUP,
      nodeId,
      minIdleMs,
      cursor,
      "COUNT",
      100,
    )) as [string, Entry[], string[]];
    for (const entry of entries) take(entry);
    cursor = next;
    if (cursor === "0-0") return;
  }
}

/** Says whose unacknowledged entries a worker takes with partition `p`, if any. */
export async function logTakeover(
  redis: Redis,
  logger: Logger,
  nodeId: string,
  p: number,
  stream: string,
): Promise<void> {
  const summary = (await redis.xpending(stream, CONSUMER_GROUP)) as [
    number,
    string | null,
    string | null,
    [string, string][] | null,
  ];
  const others = (summary[3] ?? []).filter(([consumer]) => consumer !== nodeId);
  if (others.length === 0) return;
  const from = others.map(([consumer, count]) => `${count} of ${consumer}`).join(", ");
  logger.info(
    `cluster: worker ${nodeId} takes partition ${p} with the entries other workers left unacknowledged: ${from}`,
  );
}

/** Where dead letters go and after how many deliveries, and who says so. */
export interface DeadLetterRule {
  readonly redis: Redis;
  readonly keys: ClusterKeys;
  readonly maxDeliveries: number;
  readonly logger: Logger;
}

/** Moves an entry delivered too often to the dead letters; answers whether it did. */
export async function deadLetter(
  rule: DeadLetterRule,
  stream: string,
  id: string,
  fields: readonly string[],
): Promise<boolean> {
  const { redis, keys, maxDeliveries } = rule;
  const pending = (await redis.xpending(stream, CONSUMER_GROUP, id, id, 1)) as [
    string,
    string,
    number,
    number,
  ][];
  const deliveries = pending[0]?.[3] ?? 0;
  if (deliveries <= maxDeliveries) return false;
  await redis
    .multi()
    .xadd(keys.deadLetters, "*", "stream", stream, "id", id, "deliveries", String(deliveries), ...fields)
    .xack(stream, CONSUMER_GROUP, id)
    .exec();
  rule.logger.error(
    `cluster: entry ${id} of ${stream} was delivered ${deliveries} times without success: moved to ${keys.deadLetters}`,
  );
  return true;
}

/**
 * Trims each of `streams` to what is not acknowledged yet, noting in `backlog` each one's entries
 * delivered and not acknowledged (`pending`) and not delivered yet (`lag`).
 */
export async function trimStreams(
  redis: Redis,
  streams: readonly string[],
  backlog: Map<string, { pending: number; lag: number }>,
): Promise<void> {
  for (const stream of streams) {
    const groups = (await redis.xinfo("GROUPS", stream)) as unknown[][];
    const group = groups.map(toRecord).find((g) => g.name === CONSUMER_GROUP);
    if (!group) continue;
    backlog.set(stream, { pending: Number(group.pending ?? 0), lag: Number(group.lag ?? 0) });
    const summary = (await redis.xpending(stream, CONSUMER_GROUP)) as [number, string | null, ...unknown[]];
    const oldestPending = summary[0] > 0 ? summary[1] : null;
    const delivered = String(group["last-delivered-id"]);
    const minId = oldestPending ?? nextId(delivered);
    await redis.xtrim(stream, "MINID", "~", minId);
  }
}

/** Runs `task` until it succeeds, every 250 ms, 120 times at most (30 s); then throws its error. */
export async function retrying<T>(task: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await task();
    } catch (error) {
      if (attempt >= 120) throw error;
      await sleep(250);
    }
  }
}

function toRecord(flat: unknown[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (let i = 0; i + 1 < flat.length; i += 2) out[String(flat[i])] = flat[i + 1];
  return out;
}

/** The stream id just after `id` (`ms-seq`): trimming below it keeps nothing at or before `id`. */
function nextId(id: string): string {
  const [ms, seq] = id.split("-");
  return `${ms}-${Number(seq ?? 0) + 1}`;
}
