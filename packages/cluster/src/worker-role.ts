import type { GatewayDispatch } from "@chatbot/gateway";
import { KeyedQueue, sleep } from "@chatbot/kit";
import type { Redis } from "ioredis";
import { PartitionViews } from "./partition-views.js";
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
import {
  MAX_WAITING,
  newReader,
  READ_BLOCK_MS,
  type StreamReader,
  type WorkerRoleOptions,
} from "./worker-options.js";
import {
  acknowledge,
  claimStale,
  deadLetter,
  type Entry,
  ensureGroup,
  isNoGroup,
  keepFresh,
  logTakeover,
  readNew,
  recreateGroups,
  renewMembership,
  retrying,
  trimStreams,
} from "./worker-streams.js";

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
  /** Per partition, its entries in order (the per-key queue the framework orders servers with). */
  readonly #ordered = new KeyedQueue<StreamReader>();
  /** The bot's world views of the servers of the partitions held. */ readonly #views: PartitionViews;
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
    // A read is asked only while the partitions it names are surely this worker's: one sent again,
    // or late, once Redis is back could hand it entries another worker has taken since. So this
    // connection neither queues commands while down nor sends them again after: the read fails.
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
    this.#interactions = newReader(options.keys.interactions, null, Infinity);
    this.#views = new PartitionViews(options.bot, options.partitions, options.logger);
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
    await ensureGroup(this.#o.redis, this.#o.keys.interactions);
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
    await Promise.allSettled([...this.#owned.values()].map((r) => this.#ordered.idle(r)));
    const { redis, keys, nodeId } = this.#o;
    await Promise.allSettled(
      [...this.#owned].map(([p, reader]) => this.#release([keys.partitionLease(p)], [reader.lease!])),
    );
    await redis.zrem(keys.workers, nodeId).catch(() => undefined);
    this.#owned.clear();
  }

  /** Membership, the share of partitions, stale interactions and trimming: once a heartbeat. */
  async #tick(): Promise<void> {
    if (this.#ticking || !this.#running) return;
    this.#ticking = true;
    try {
      const { redis, keys, nodeId, heartbeatMs, partitions } = this.#o;
      const now = Date.now();
      const ttl = heartbeatMs * 3;
      const live = await renewMembership(redis, keys, nodeId, now, ttl);
      this.#lastContactAt = Date.now();
      this.redisRoundTripMs = this.#lastContactAt - now;
      if (await this.#generation.lost()) {
        // Leases and marks may be old ones: nothing more runs under them; the share is taken anew.
        for (const [p, reader] of this.#owned) this.#drop(p, reader);
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
          this.#drop(p, reader);
        }
      }
      const active = [...this.#owned.entries()].filter(([, r]) => !r.releasing);
      for (const [p, reader] of active.slice(share)) void this.#handBack(p, reader);
      if (active.length < share) await this.#claimPartitions(share - active.length, ttl);
      // What earlier readers of a partition just taken left unacknowledged is queued first; only
      // then is it read. A claim that failed is tried again at the next heartbeat.
      for (const r of this.#owned.values())
        if (r.taking) await this.#claimStale(r, 0).then(() => (r.taking = false));
      await keepFresh(this.#o.redis, this.#o.nodeId, this.#interactions);
      await this.#claimStale(this.#interactions, ttl);
      if (++this.#ticks % 10 === 0) {
        // Entries of a partition held here that were left pending (read by a reader let go since):
        // taken again, in order, behind what runs (an entry running here is never scheduled twice).
        for (const reader of this.#owned.values()) if (!reader.releasing) await this.#claimStale(reader, ttl);
        await this.#trim();
      }
    } catch (error) {
      if (isNoGroup(error)) {
        await recreateGroups(this.#o, [
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
      await ensureGroup(this.#o.redis, stream);
      const reader = newReader(stream, `${nodeId}:${fence}`, asked + ttl);
      reader.taking = true;
      this.#owned.set(p, reader);
      void this.#ordered.run(reader, () => this.#views.take(p)); // its servers' views, before its entries
      await logTakeover(this.#o.redis, this.#o.logger, nodeId, p, stream);
    }
  }

  /** Takes the entries other consumers left unacknowledged for `minIdleMs`, and runs them. */
  #claimStale(reader: StreamReader, minIdleMs: number): Promise<void> {
    const { redis, nodeId } = this.#o;
    return claimStale(redis, nodeId, reader.stream, minIdleMs, (entry) =>
      this.#schedule(reader, entry, true),
    );
  }

  /** Lets partition `p` go at once: nothing more of it runs here, the next holder takes the rest. */
  #drop(p: number, reader: StreamReader): void {
    reader.releasing = true;
    reader.validUntil = 0;
    this.#owned.delete(p);
    this.#views.release(p);
  }

  /** Gives a partition back once what was read of it has run: another worker takes it from there. */
  async #handBack(p: number, reader: StreamReader): Promise<void> {
    reader.releasing = true;
    // A read under way may still bring entries of this partition (Redis counts them as delivered
    // here once it serves it), and they join its queue: wait for the read, then for the queue, until
    // neither brings anything more. No new read asks for a partition being released.
    for (;;) {
      const reading = this.#reading;
      if (reading?.streams.has(reader.stream)) await reading.done.catch(() => undefined);
      await this.#ordered.idle(reader);
      if (this.#ordered.sizeOf(reader) === 0 && !this.#reading?.streams.has(reader.stream)) break;
    }
    this.#owned.delete(p);
    this.#views.release(p);
    await this.#release([this.#o.keys.partitionLease(p)], [reader.lease!]).catch(() => undefined);
  }

  async #readLoop(): Promise<void> {
    while (this.#running) {
      this.#lastReadEndedAt = Date.now();
      // A partition is read only while its lease is surely this worker's until the read ends, and
      // some more: a read served after the lease ran out would hand entries to a worker that no
      // longer holds it. (Renewed each heartbeat, a lease has two to three heartbeats left.)
      const now = Date.now();
      const block = Math.min(READ_BLOCK_MS, this.#o.heartbeatMs);
      const margin = block + Math.min(500, this.#o.heartbeatMs / 2);
      const readers = [
        ...[...this.#owned.values()].filter(
          (r) => !r.releasing && !r.taking && r.waiting < MAX_WAITING && r.validUntil - now > margin,
        ),
        ...(this.#interactions.waiting < MAX_WAITING ? [this.#interactions] : []),
      ];
      if (readers.length === 0) {
        await sleep(20);
        continue;
      }
      try {
        const streams = readers.map((r) => r.stream);
        const read = readNew(this.#reader, this.#o.nodeId, block, streams);
        const reading = { streams: new Set(streams), done: read };
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
        if (isNoGroup(error))
          await recreateGroups(
            this.#o,
            readers.map((r) => r.stream),
          );
        // While the connection is down, its drop and return are logged by watchRedis (a read
        // asked meanwhile fails at once, and is asked again).
        else if (this.#reader.status === "ready")
          this.#o.logger.warn(`cluster: worker read failed (Redis unreachable?), retrying: ${String(error)}`);
        await sleep(250);
      }
    }
  }

  #currentReader(stream: string): StreamReader | undefined {
    if (stream === this.#interactions.stream) return this.#interactions;
    // A partition being handed back still holds its lease until its queue has run: what a read
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
      void this.#ordered.run(reader, run);
    }
  }

  /** Whether `reader`'s partition lease may have run out; a stale partition is let go at once. */
  #stale(reader: StreamReader): boolean {
    if (Date.now() < reader.validUntil) return false;
    for (const [p, owned] of this.#owned) {
      if (owned !== reader) continue;
      this.#drop(p, reader);
      this.#o.logger.warn(
        `cluster: worker ${this.#o.nodeId}: the lease of partition ${p} may have run out (this process was stalled or cut off from Redis): it stops before its next entry and leaves the rest to the next holder`,
      );
    }
    return true;
  }

  async #run(reader: StreamReader, [id, fields]: Entry, claimed: boolean): Promise<void> {
    const { redis, keys } = this.#o;
    const stream = reader.stream;
    const handledKey = keys.handled(stream, id);
    if (claimed && (await deadLetter(this.#o, stream, id, fields))) {
      this.deadLettered += 1;
      return;
    }
    const json = fields[fields.indexOf("e") + 1];
    if (json !== undefined && (await redis.exists(handledKey)) === 0) {
      const event = JSON.parse(json) as GatewayDispatch;
      if (await this.#views.handle(stream, event, claimed)) this.handled += 1;
    }
    // The handlers ran: from here only the acknowledgement is left, tried again while Redis is away
    // (a restart), so that they do not run a second time for want of it.
    const lease = reader.lease;
    await retrying(() => acknowledge(this.#o, this.#ack, { stream, id, lease }));
  }

  /** Trims each stream this worker reads to what is not acknowledged yet. */
  #trim(): Promise<void> {
    const streams = [...this.#owned.values(), this.#interactions].map((r) => r.stream);
    return trimStreams(this.#o.redis, streams, this.backlog);
  }
}
