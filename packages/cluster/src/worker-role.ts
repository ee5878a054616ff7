import type { Bot, Logger } from "@chatbot/framework";
import type { GatewayDispatch } from "@chatbot/gateway";
import type { Redis } from "ioredis";
import { CONSUMER_GROUP, type ClusterKeys } from "./keys.js";
import { RedisGeneration } from "./redis-generation.js";
import { watchRedis } from "./redis-health.js";
import {
  ACQUIRE_LEASE,
  defineScript,
  FENCED_ACK,
  RELEASE_LEASE,
  RENEW_LEASE,
  type RedisScript,
} from "./scripts.js";

/** How long an entry's "handled" mark is kept: a redelivery within it does not run handlers again. */
const HANDLED_TTL_MS = 24 * 60 * 60 * 1000;
/** Entries one read takes from a stream at most. */
const READ_COUNT = 50;
/** A partition with this many entries waiting in this process is not read again until it drains. */
const MAX_WAITING = 200;
/** How long a blocking read waits for entries at most (ms), and at most one heartbeat. */
const READ_BLOCK_MS = 500;

/** Options of a {@link WorkerRole}. */
export interface WorkerRoleOptions {
  readonly redis: Redis;
  readonly keys: ClusterKeys;
  readonly nodeId: string;
  readonly bot: Bot;
  readonly partitions: number;
  /** How often a worker renews its membership and partitions (1,000 ms); they run out after 3 times that. */
  readonly heartbeatMs: number;
  /** An entry delivered this many times without an acknowledgement goes to the dead letters (5). */
  readonly maxDeliveries: number;
  readonly logger: Logger;
}

type Entry = readonly [id: string, fields: readonly string[]];

/** One stream as this worker reads it: its entries run one after another, in order. */
interface StreamReader {
  readonly stream: string;
  /** Entries taken and not finished here: never run twice side by side. */
  readonly running: Set<string>;
  chain: Promise<void>;
  waiting: number;
  /** The partition is being handed to another worker: no new reads, then the lease goes. */
  releasing: boolean;
  /** A partition's lease as this worker holds it (`<node>:<fence>`); null for interactions. */
  lease: string | null;
  /**
   * Until when the lease is surely this worker's (Unix ms, its clock): the time a take or renewal
   * was asked, plus the lease's time to live. Past it another worker may hold the partition.
   */
  validUntil: number;
}

/**
 * The worker role: it joins the cluster's workers, takes its share of the partitions (each read by
 * one worker at a time, so one server's events are handled in order; shares move as workers come
 * and go), takes interactions from their stream as any worker may, runs the bot's handlers for each
 * entry and acknowledges it after them. A dead worker's partitions run out and are taken by others
 * with its unacknowledged entries; an entry delivered `maxDeliveries` times goes to the dead letters.
 */
export class WorkerRole {
  readonly #o: WorkerRoleOptions;
  readonly #reader: Redis;
  readonly #acquire: RedisScript;
  readonly #renew: RedisScript;
  readonly #release: RedisScript;
  readonly #ack: RedisScript;
  readonly #generation: RedisGeneration;
  readonly #owned = new Map<number, StreamReader>();
  readonly #interactions: StreamReader;
  readonly #inFlight = new Set<Promise<void>>();
  #timer: NodeJS.Timeout | null = null;
  #running = false;
  #ticks = 0;
  #ticking = false;
  /** When a heartbeat last got Redis's answer (Unix ms). */
  #lastContactAt = Date.now();
  /** When a heartbeat, and a turn of the read loop, last ended, answered or not (Unix ms). */
  #lastTickEndedAt = Date.now();
  #lastReadEndedAt = Date.now();
  #loop: Promise<void> = Promise.resolve();
  /** The read Redis may be serving now, and the streams it asks for. */
  #reading: { readonly streams: ReadonlySet<string>; readonly done: Promise<unknown> } | null = null;
  /** Entries whose handlers ran here, for tests and metrics. */
  handled = 0;
  /** Entries sent to the dead letters by this worker. */
  deadLettered = 0;
  /** How long the last heartbeat's Redis call took (ms). */
  redisRoundTripMs = 0;
  /**
   * Per stream this worker reads (its partitions and the interactions): entries delivered and not
   * acknowledged (`pending`) and entries not delivered yet (`lag`), as of the last trim (every ten
   * heartbeats).
   */
  readonly backlog = new Map<string, { pending: number; lag: number }>();

  constructor(options: WorkerRoleOptions) {
    this.#o = options;
    // A read is asked only while the partitions it names are surely this worker's: one left over
    // from a lost connection, sent again or sent late once Redis is back, could hand this worker
    // entries of a partition another has taken since, behind that worker's back. So the reading
    // connection neither queues commands while it is down nor sends them again after: the read
    // fails, and the loop asks again with the partitions it holds then.
    this.#reader = options.redis.duplicate({
      autoResendUnfulfilledCommands: false,
      enableOfflineQueue: false,
    });
    watchRedis(this.#reader, options.logger, options.nodeId, "worker reads");
    this.#acquire = defineScript(options.redis, "chatbotAcquireLease", 2, ACQUIRE_LEASE);
    this.#renew = defineScript(options.redis, "chatbotRenewLease", 1, RENEW_LEASE);
    this.#release = defineScript(options.redis, "chatbotReleaseLease", 1, RELEASE_LEASE);
    this.#ack = defineScript(options.redis, "chatbotFencedAck", 3, FENCED_ACK);
    this.#generation = new RedisGeneration(
      options.redis,
      options.keys.generation,
      options.logger,
      `worker ${options.nodeId}`,
    );
    this.#interactions = {
      stream: options.keys.interactions,
      running: new Set(),
      chain: Promise.resolve(),
      waiting: 0,
      releasing: false,
      lease: null,
      validUntil: Infinity,
    };
  }

  /** When this worker last heard from Redis (its heartbeat). */
  get lastContactAt(): number {
    return this.#lastContactAt;
  }

  /**
   * When a heartbeat last ended, answered or not (Unix ms): each Redis call ends within the command
   * timeout, so a heartbeat that has not ended for much longer than that is stuck.
   */
  get lastTickEndedAt(): number {
    return this.#running ? this.#lastTickEndedAt : Date.now();
  }

  /** When a turn of the read loop last ended (a read waits half a second at most), answered or not. */
  get lastReadEndedAt(): number {
    return this.#running ? this.#lastReadEndedAt : Date.now();
  }

  /** The partitions this worker reads now. */
  get partitions(): number[] {
    return [...this.#owned.keys()].sort((a, b) => a - b);
  }

  /** Joins, takes a share of the partitions, and starts reading. */
  async start(): Promise<void> {
    await this.#ensureGroup(this.#o.keys.interactions);
    this.#running = true;
    await this.#tick();
    this.#timer = setInterval(() => void this.#tick(), this.#o.heartbeatMs);
    this.#loop = this.#readLoop();
  }

  /** Stops reading, lets running handlers end, acknowledges them, and hands the partitions back. */
  async stop(): Promise<void> {
    if (!this.#running) return;
    this.#running = false;
    if (this.#timer) clearInterval(this.#timer);
    // The blocking read ends within its block time; disconnecting ends it at once.
    this.#reader.disconnect();
    await this.#loop;
    await Promise.allSettled([...this.#inFlight]);
    await Promise.allSettled([...this.#owned.values()].map((r) => r.chain));
    const { redis, keys, nodeId } = this.#o;
    await Promise.allSettled(
      [...this.#owned].map(([p, reader]) => this.#release([keys.partitionLease(p)], [reader.lease!])),
    );
    await redis.zrem(keys.workers, nodeId).catch(() => undefined);
    this.#owned.clear();
  }

  /**
   * Redis answered NOGROUP: it lost its data (restarted without persistence, or from an older
   * snapshot), and with it the consumer groups. Each is made again, so reading goes on; what the
   * streams lost is not there to read.
   */
  async #recreateGroups(streams: readonly string[]): Promise<void> {
    this.#o.logger.error(
      `cluster: worker ${this.#o.nodeId}: Redis lost the consumer groups (its data was lost?); making them again`,
    );
    for (const stream of streams) {
      await this.#ensureGroup(stream).catch((error: unknown) =>
        this.#o.logger.warn(`cluster: could not make the consumer group of ${stream}: ${String(error)}`),
      );
    }
  }

  async #ensureGroup(stream: string): Promise<void> {
    try {
      await this.#o.redis.xgroup("CREATE", stream, CONSUMER_GROUP, "0", "MKSTREAM");
    } catch (error) {
      if (!String(error).includes("BUSYGROUP")) throw error;
    }
  }

  /** Membership, the share of partitions, stale interactions and trimming: once a heartbeat. */
  async #tick(): Promise<void> {
    if (this.#ticking || !this.#running) return;
    this.#ticking = true;
    try {
      const { redis, keys, nodeId, heartbeatMs, partitions } = this.#o;
      const now = Date.now();
      const ttl = heartbeatMs * 3;
      const [, , live] = (await redis
        .multi()
        .zadd(keys.workers, now + ttl, nodeId)
        .zremrangebyscore(keys.workers, "-inf", now)
        .zcard(keys.workers)
        .exec())!.map(([error, value]) => {
        if (error) throw error;
        return value;
      }) as [unknown, unknown, number];
      this.#lastContactAt = Date.now();
      this.redisRoundTripMs = this.#lastContactAt - now;
      if (await this.#generation.lost()) {
        // Leases and marks may be old ones: nothing more runs under them; the share is taken anew.
        for (const reader of this.#owned.values()) {
          reader.releasing = true;
          reader.validUntil = 0;
        }
        this.#owned.clear();
      }
      const share = Math.ceil(partitions / Math.max(1, live));
      for (const [p, reader] of this.#owned) {
        const asked = Date.now();
        const kept = Number(await this.#renew([keys.partitionLease(p)], [reader.lease!, ttl])) === 1;
        if (kept) reader.validUntil = asked + ttl;
        else {
          this.#o.logger.warn(
            `cluster: worker ${nodeId} lost partition ${p} (its lease ran out): what it read of it and did not run is left to the next holder`,
          );
          reader.releasing = true;
          reader.validUntil = 0;
          this.#owned.delete(p);
        }
      }
      const active = [...this.#owned.entries()].filter(([, r]) => !r.releasing);
      for (const [p, reader] of active.slice(share)) void this.#handBack(p, reader);
      if (active.length < share) await this.#claimPartitions(share - active.length, ttl);
      await this.#keepFresh(this.#interactions);
      await this.#claimStale(this.#interactions, ttl);
      if (++this.#ticks % 10 === 0) {
        // Entries of a partition held here that were left pending (read by a reader let go since):
        // taken again, in order, behind what runs (an entry running here is never scheduled twice).
        for (const reader of this.#owned.values()) if (!reader.releasing) await this.#claimStale(reader, ttl);
        await this.#trim();
      }
    } catch (error) {
      if (isNoGroup(error)) {
        await this.#recreateGroups([
          this.#o.keys.interactions,
          ...[...this.#owned.values()].map((r) => r.stream),
        ]);
        return;
      }
      // A heartbeat under way when the worker stopped fails as its connection closes: the stop's
      // doing, not Redis's, so it says nothing.
      if (!this.#running) return;
      this.#o.logger.warn(`cluster: worker heartbeat failed (Redis unreachable?): ${String(error)}`);
    } finally {
      this.#ticking = false;
      this.#lastTickEndedAt = Date.now();
    }
  }

  async #claimPartitions(wanted: number, ttl: number): Promise<void> {
    const { keys, nodeId, partitions } = this.#o;
    const free = [...Array(partitions).keys()].filter((p) => !this.#owned.has(p));
    // Start at a different place in each worker, so two newcomers rarely race for the same ones.
    const offset = Math.floor(Math.random() * Math.max(1, free.length));
    let taken = 0;
    for (let i = 0; i < free.length && taken < wanted; i++) {
      const p = free[(i + offset) % free.length]!;
      const asked = Date.now();
      const fence = Number(await this.#acquire([keys.partitionLease(p), keys.partitionFence], [nodeId, ttl]));
      if (fence === 0) continue;
      taken += 1;
      const stream = keys.events(p);
      await this.#ensureGroup(stream);
      const reader: StreamReader = {
        stream,
        running: new Set(),
        chain: Promise.resolve(),
        waiting: 0,
        releasing: false,
        lease: `${nodeId}:${fence}`,
        validUntil: asked + ttl,
      };
      this.#owned.set(p, reader);
      await this.#logTakeover(p, stream);
      // What the previous reader took and never acknowledged comes first, in order.
      await this.#claimStale(reader, 0);
    }
  }

  /** Says whose unacknowledged entries this worker takes with partition `p`, if any. */
  async #logTakeover(p: number, stream: string): Promise<void> {
    const summary = (await this.#o.redis.xpending(stream, CONSUMER_GROUP)) as [
      number,
      string | null,
      string | null,
      [string, string][] | null,
    ];
    const others = (summary[3] ?? []).filter(([consumer]) => consumer !== this.#o.nodeId);
    if (others.length === 0) return;
    const from = others.map(([consumer, count]) => `${count} of ${consumer}`).join(", ");
    this.#o.logger.info(
      `cluster: worker ${this.#o.nodeId} takes partition ${p} with the entries other workers left unacknowledged: ${from}`,
    );
  }

  /** Takes the entries other consumers left unacknowledged for `minIdleMs`, and runs them. */
  async #claimStale(reader: StreamReader, minIdleMs: number): Promise<void> {
    const { redis, nodeId } = this.#o;
    let cursor = "0-0";
    for (let round = 0; round < 100; round++) {
      const [next, entries] = (await redis.xautoclaim(
        reader.stream,
        CONSUMER_GROUP,
        nodeId,
        minIdleMs,
        cursor,
        "COUNT",
        100,
      )) as [string, Entry[], string[]];
      for (const entry of entries) this.#schedule(reader, entry, true);
      cursor = next;
      if (cursor === "0-0") return;
    }
  }

  /**
   * Resets the idle time of the interactions this worker is still running (a handler may follow up
   * for 15 minutes), so that no other worker takes them for a dead worker's.
   */
  async #keepFresh(reader: StreamReader): Promise<void> {
    if (reader.running.size === 0) return;
    const ids = [...reader.running];
    await this.#o.redis.xclaim(reader.stream, CONSUMER_GROUP, this.#o.nodeId, 0, ...ids, "JUSTID");
  }

  /** Gives a partition back once what was read of it has run: another worker takes it from there. */
  async #handBack(p: number, reader: StreamReader): Promise<void> {
    reader.releasing = true;
    // A read under way may still bring entries of this partition (Redis counts them as delivered
    // here once it serves it), and they join the chain: wait for the read, then for the chain, until
    // neither brings anything more. No new read asks for a partition being released.
    for (;;) {
      const reading = this.#reading;
      if (reading?.streams.has(reader.stream)) await reading.done.catch(() => undefined);
      const chain = reader.chain;
      await chain;
      if (reader.chain === chain && !this.#reading?.streams.has(reader.stream)) break;
    }
    this.#owned.delete(p);
    await this.#release([this.#o.keys.partitionLease(p)], [reader.lease!]).catch(() => undefined);
  }

  async #readLoop(): Promise<void> {
    while (this.#running) {
      this.#lastReadEndedAt = Date.now();
      // A partition is read only while its lease is surely this worker's until the read ends, and
      // some more: a read Redis serves after the lease ran out would hand entries to a worker that
      // no longer holds the partition, behind the back of the one that took it over. (Renewed each
      // heartbeat, a lease has two to three heartbeats left.)
      const now = Date.now();
      const block = Math.min(READ_BLOCK_MS, this.#o.heartbeatMs);
      const margin = block + Math.min(500, this.#o.heartbeatMs / 2);
      const readers = [
        ...[...this.#owned.values()].filter(
          (r) => !r.releasing && r.waiting < MAX_WAITING && r.validUntil - now > margin,
        ),
        ...(this.#interactions.waiting < MAX_WAITING ? [this.#interactions] : []),
      ];
      if (readers.length === 0) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        continue;
      }
      try {
        const read = this.#reader.xreadgroup(
          "GROUP",
          CONSUMER_GROUP,
          this.#o.nodeId,
          "COUNT",
          READ_COUNT,
          "BLOCK",
          block,
          "STREAMS",
          ...readers.map((r) => r.stream),
          ...readers.map(() => ">"),
        ) as Promise<[string, Entry[]][] | null>;
        const reading = { streams: new Set(readers.map((r) => r.stream)), done: read };
        this.#reading = reading;
        try {
          const result = await read;
          for (const [stream, entries] of result ?? []) {
            // The reader holding the stream now: the partition may have been lost and taken again
            // while this read waited. None: the entries stay pending for whoever takes it.
            const reader = this.#currentReader(stream);
            if (reader) for (const entry of entries) this.#schedule(reader, entry, false);
          }
        } finally {
          if (this.#reading === reading) this.#reading = null;
        }
      } catch (error) {
        if (!this.#running) return;
        if (isNoGroup(error)) await this.#recreateGroups(readers.map((r) => r.stream));
        // While the connection is down, its drop and return are logged by watchRedis (a read
        // asked meanwhile fails at once, and is asked again).
        else if (this.#reader.status === "ready")
          this.#o.logger.warn(`cluster: worker read failed (Redis unreachable?), retrying: ${String(error)}`);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
  }

  #currentReader(stream: string): StreamReader | undefined {
    if (stream === this.#interactions.stream) return this.#interactions;
    // A partition being handed back still holds its lease until its chain has run: what a read
    // brings for it runs there, in order.
    for (const reader of this.#owned.values()) if (reader.stream === stream) return reader;
    return undefined;
  }

  /** Queues an entry: a partition's run in order; interactions run at once, side by side. */
  #schedule(reader: StreamReader, entry: Entry, claimed: boolean): void {
    if (reader.running.has(entry[0])) return;
    reader.running.add(entry[0]);
    reader.waiting += 1;
    const run = async () => {
      try {
        // Fenced: past its lease another worker may have this partition and its unacknowledged
        // entries, so nothing more of it runs here (at most the entry already running overlaps).
        if (this.#stale(reader)) return;
        await this.#run(reader, entry, claimed);
      } catch (error) {
        this.#o.logger.error(
          `cluster: entry ${entry[0]} of ${reader.stream} failed; it will be delivered again`,
          error,
        );
      } finally {
        reader.waiting -= 1;
        reader.running.delete(entry[0]);
      }
    };
    if (reader === this.#interactions) {
      const task = run();
      this.#inFlight.add(task);
      void task.finally(() => this.#inFlight.delete(task));
    } else {
      reader.chain = reader.chain.then(run);
    }
  }

  /** Whether `reader`'s partition lease may have run out; a stale partition is let go at once. */
  #stale(reader: StreamReader): boolean {
    if (Date.now() < reader.validUntil) return false;
    for (const [p, owned] of this.#owned) {
      if (owned !== reader) continue;
      this.#owned.delete(p);
      reader.releasing = true;
      this.#o.logger.warn(
        `cluster: worker ${this.#o.nodeId}: the lease of partition ${p} may have run out (this process was stalled or cut off from Redis): it stops before its next entry and leaves the rest to the next holder`,
      );
    }
    return true;
  }

  async #run(reader: StreamReader, [id, fields]: Entry, claimed: boolean): Promise<void> {
    const { redis, keys, bot } = this.#o;
    const stream = reader.stream;
    const handledKey = keys.handled(stream, id);
    if (claimed && (await this.#deadLetter(stream, id, fields))) return;
    const json = fields[fields.indexOf("e") + 1];
    if (json !== undefined && (await redis.exists(handledKey)) === 0) {
      await bot.handle(JSON.parse(json) as GatewayDispatch);
      this.handled += 1;
    }
    // The handlers ran: from here only the acknowledgement is left, tried again while Redis is away
    // (a restart), so that they do not run a second time for want of it.
    const lease = reader.lease;
    await retrying(() =>
      lease === null
        ? redis.multi().set(handledKey, "1", "PX", HANDLED_TTL_MS).xack(stream, CONSUMER_GROUP, id).exec()
        : this.#ack(
            [keys.partitionLease(this.#partitionOf(reader)), handledKey, stream],
            [lease, HANDLED_TTL_MS, CONSUMER_GROUP, id],
          ),
    );
  }

  /** The partition number of a partition's reader (from its stream's key). */
  #partitionOf(reader: StreamReader): number {
    return Number(reader.stream.slice(reader.stream.lastIndexOf(":") + 1));
  }

  /** Moves an entry delivered too often to the dead letters; answers whether it did. */
  async #deadLetter(stream: string, id: string, fields: readonly string[]): Promise<boolean> {
    const { redis, keys, maxDeliveries } = this.#o;
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
    this.deadLettered += 1;
    this.#o.logger.error(
      `cluster: entry ${id} of ${stream} was delivered ${deliveries} times without success: moved to ${keys.deadLetters}`,
    );
    return true;
  }

  /** Trims each partition this worker reads to what is not acknowledged yet. */
  async #trim(): Promise<void> {
    const { redis } = this.#o;
    for (const reader of [...this.#owned.values(), this.#interactions]) {
      const groups = (await redis.xinfo("GROUPS", reader.stream)) as unknown[][];
      const group = groups.map(toRecord).find((g) => g.name === CONSUMER_GROUP);
      if (!group) continue;
      this.backlog.set(reader.stream, { pending: Number(group.pending ?? 0), lag: Number(group.lag ?? 0) });
      const summary = (await redis.xpending(reader.stream, CONSUMER_GROUP)) as [
        number,
        string | null,
        ...unknown[],
      ];
      const oldestPending = summary[0] > 0 ? summary[1] : null;
      const delivered = String(group["last-delivered-id"]);
      const minId = oldestPending ?? nextId(delivered);
      await redis.xtrim(reader.stream, "MINID", "~", minId);
    }
  }
}

/** Runs `task` until it succeeds, every 250 ms, 120 times at most (30 s); then throws its error. */
async function retrying<T>(task: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await task();
    } catch (error) {
      if (attempt >= 120) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
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

/** Whether Redis answered that a stream's consumer group does not exist. */
function isNoGroup(error: unknown): boolean {
  return String(error).includes("NOGROUP");
}
