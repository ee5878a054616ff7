import {
  compareIds,
  type GatewayClientOptions,
  type GatewayDispatch,
  GatewayClient,
  previousId,
} from "@chatbot/gateway";
import { SerialQueue, sleep } from "@chatbot/kit";
import type { Intent } from "@chatbot/protocol";
import { RestClient, type RestClientOptions } from "@chatbot/rest";
import { type Logger, logGateway } from "@chatbot/framework";
import type { Redis } from "ioredis";
import type { ClusterKeys } from "./keys.js";
import { RedisLease } from "./lease.js";
import { RedisGeneration } from "./redis-generation.js";
import { guildOf, partitionOf } from "./partition.js";
import { readyEvents } from "./partition-views.js";
import { defineScript, PUBLISH_EVENT, type RedisScript } from "./scripts.js";

/** How long a published message id is remembered, so a recovery never publishes it twice. */
const PUBLISHED_TTL_MS = 24 * 60 * 60 * 1000;
/**
 * How old the copy of the cursors is that a process puts back into a Redis that lost them (ms, at
 * least): entries published since may not have been handled yet when Redis lost them, so the
 * cursors go back that far and what was posted since is read back over REST (and what was handled
 * since runs again). Copies are taken every {@link CURSOR_COPY_EVERY_MS}.
 */
const CURSOR_COPY_AGE_MS = 30_000;
const CURSOR_COPY_EVERY_MS = 10_000;

/** Options of a {@link GatewayRole}. */
export interface GatewayRoleOptions {
  readonly redis: Redis;
  readonly keys: ClusterKeys;
  /** This process's id in the cluster (in the lease, and in logs). */
  readonly nodeId: string;
  readonly token: string;
  readonly baseUrl: string;
  readonly gatewayUrl?: string;
  readonly intents: readonly Intent[];
  /** Options of the REST client the owner reads missed messages with (the shared rate limits). */
  readonly restOptions?: Omit<RestClientOptions, "token" | "baseUrl">;
  /** The bot's gateway options (recovery: which channels, how many messages per channel). */
  readonly gatewayOptions?: Omit<GatewayClientOptions, "token" | "intents" | "rest" | "gatewayUrl">;
  readonly partitions: number;
  /** The lease's time to live: a dead owner is replaced about this long after it stopped (2,000 ms). */
  readonly leaseMs: number;
  /** Each stream is trimmed to about this many entries at most (100,000). */
  readonly streamMaxLength: number;
  readonly logger: Logger;
}

/** Where a {@link GatewayRole} stands. */
export type GatewayRoleState = "standby" | "owner" | "stopped";

/**
 * The gateway role: every process that plays it competes for one Redis lease; the holder connects
 * to the gateway and publishes each event to the stream of its server's partition (interactions to
 * their own stream), the others stand by and take over when the lease runs out. A new holder's
 * gateway client resumes from the cursors kept in Redis: it reads back over REST the messages missed
 * since the last ones published, as it does after a drop (at background priority, most recently
 * active channels first, merged in order with the live ones), and they are published marked
 * `recovered`.
 */
export class GatewayRole {
  readonly #options: GatewayRoleOptions;
  readonly #lease: RedisLease;
  readonly #publish: RedisScript;
  readonly #generation: RedisGeneration;
  #state: GatewayRoleState = "standby";
  #timer: NodeJS.Timeout | null = null;
  #gateway: GatewayClient | null = null;
  #rest: RestClient | null = null;
  /**
   * The recovery cursors as this process published them (per channel, and `*` the newest), and
   * copies of them at least 30 s old: written back to a Redis that lost its own, so that a new
   * holder reads back what was posted since instead of starting from now.
   */
  #published = new Map<string, string>();
  /** Per channel, just before the first message this process published there. */
  readonly #publishedFirst = new Map<string, string>();
  /** Copies of {@link #published}, oldest first, one every 10 s, back to the first one 30 s old. */
  #copies: { readonly at: number; readonly cursors: ReadonlyMap<string, string> }[] = [];
  /** When this process last saw Redis lose data (Unix ms). */
  #dataLostAt = 0;
  /** Publishes go one after another, so each partition's stream keeps the gateway's order. */
  readonly #publishes = new SerialQueue();
  #ticking = false;
  /** When a lease check last ended, answered or not (Unix ms): the watchdog's sign of life. */
  #lastTickEndedAt = Date.now();
  /** When a lease check last got Redis's answer (Unix ms). */
  #lastContactAt = Date.now();
  #stopped: { resolve: (error: Error | null) => void; promise: Promise<Error | null> };
  /** Called when this process becomes the owner, with the time it took the lease. */
  onOwner: ((info: { fence: number; at: number }) => void) | null = null;

  constructor(options: GatewayRoleOptions) {
    this.#options = options;
    this.#lease = new RedisLease(options.redis, {
      key: options.keys.gatewayLease,
      fenceKey: options.keys.gatewayFence,
      holder: options.nodeId,
      ttlMs: options.leaseMs,
    });
    this.#publish = defineScript(options.redis, "chatbotPublishEvent", 5, PUBLISH_EVENT);
    this.#generation = new RedisGeneration(
      options.redis,
      options.keys.generation,
      options.logger,
      `gateway ${options.nodeId}`,
    );
    let resolve!: (error: Error | null) => void;
    const promise = new Promise<Error | null>((r) => (resolve = r));
    this.#stopped = { resolve, promise };
  }

  /** When this role last heard from Redis (its lease check, every quarter of the lease). */
  get lastContactAt(): number {
    return this.#lastContactAt;
  }

  /**
   * When a lease check last ended, answered or not (Unix ms). Each Redis call ends within the
   * command timeout, so a check that has not ended for much longer than that is stuck.
   */
  get lastTickEndedAt(): number {
    return this.#state === "stopped" ? Date.now() : this.#lastTickEndedAt;
  }

  /** How often the lease is checked (ms). */
  get tickMs(): number {
    return Math.max(50, Math.floor(this.#options.leaseMs / 4));
  }

  /** The owner's gateway connection state (`ready`, `waiting`, …), or null when it holds none. */
  get connectionState(): string | null {
    return this.#gateway?.state ?? null;
  }

  get state(): GatewayRoleState {
    return this.#state;
  }

  /** The fencing token of this process's current hold (0 when it does not hold the connection). */
  get fence(): number {
    return this.#state === "owner" ? this.#lease.fence : 0;
  }

  /** Resolves when the role stops for good: null after {@link stop}, the error on a stop code. */
  get ended(): Promise<Error | null> {
    return this.#stopped.promise;
  }

  /** Starts competing for the connection (returns at once). */
  start(): void {
    this.#timer = setInterval(() => void this.#tick(), this.tickMs);
    void this.#tick();
  }

  /** Gives the connection up (a standby takes it at once) and stops competing. */
  async stop(): Promise<void> {
    if (this.#state === "stopped") return;
    this.#finish(null);
    await this.#demote("stopping");
  }

  /** How long the last lease check's Redis call took (ms). */
  redisRoundTripMs = 0;

  #contact(asked: number): void {
    this.#lastContactAt = Date.now();
    this.redisRoundTripMs = this.#lastContactAt - asked;
  }

  async #tick(): Promise<void> {
    if (this.#ticking || this.#state === "stopped") return;
    this.#ticking = true;
    try {
      if (await this.#generation.lost()) {
        this.#dataLostAt = Date.now();
        // Redis restarted empty or from an older snapshot: where it has no cursor any more, put
        // back this process's copy of 30 to 60 s ago, so the next holder reads back from there.
        await this.#restoreCursors();
        // The lease and the cursors may be old ones: compete again, and read back from them.
        if (this.#state === "owner") await this.#demote("Redis lost data");
      }
      const asked = Date.now();
      if (this.#state === "owner") {
        const kept = await this.#lease.renew();
        this.#contact(asked);
        if (!kept) await this.#demote("lost the gateway lease");
      } else {
        const won = await this.#lease.acquire();
        this.#contact(asked);
        if (won) await this.#becomeOwner();
      }
    } catch (error) {
      this.#options.logger.warn(`cluster: gateway lease check failed (Redis unreachable?): ${String(error)}`);
    } finally {
      this.#ticking = false;
      this.#lastTickEndedAt = Date.now();
    }
  }

  async #becomeOwner(): Promise<void> {
    const { logger, token, baseUrl, gatewayUrl, intents } = this.#options;
    this.#state = "owner";
    const at = Date.now();
    logger.info(`cluster: ${this.#options.nodeId} holds the gateway connection (fence ${this.#lease.fence})`);
    this.onOwner?.({ fence: this.#lease.fence, at });
    const rest = new RestClient({ ...this.#options.restOptions, token, baseUrl });
    const gateway = new GatewayClient({
      ...this.#options.gatewayOptions,
      token,
      intents,
      rest,
      ...(gatewayUrl !== undefined && { gatewayUrl }),
    });
    this.#rest = rest;
    this.#gateway = gateway;
    // This hold's events only, under its lease. A client reads its socket until the service answers
    // its close, and this process may hold the connection again by then (its next lease check, as
    // after a restart of Redis): published, what the old client reads would land ahead of the older
    // messages the new hold reads back. The new hold reads it back too, in order.
    const hold = this.#lease.value!;
    gateway.on("dispatch", (event) => {
      if (this.#gateway !== gateway) return;
      const { partitions } = this.#options;
      if (event.name !== "READY") this.#enqueue(event, hold);
      else for (const [p, ready] of readyEvents(event.data, partitions)) this.#enqueue(ready, hold, p);
    });
    gateway.on("connecting", () => {
      // Never take the connection from a newer holder: a process that lost the lease stays away.
      if (this.#gateway !== gateway) void gateway.close();
    });
    gateway.on("stopped", ({ reason, error }) => {
      if (this.#gateway !== gateway || error === null) return;
      logger.error(`cluster: the gateway stopped for good: ${reason}`);
      this.#finish(error);
      void this.#demote("the gateway stopped");
    });
    // The owner's drops, reconnects and recoveries, in the lines a single process writes.
    logGateway(gateway, logger);
    // Not awaited: the lease checks go on while it reads the cursors and connects (a large READY
    // burst, or a service that does not answer and is tried again and again), or the lease would
    // run out under a holder that is only connecting, and a standby take it.
    void this.#resumeAndConnect(gateway);
  }

  /** Starts the new hold's client from the cursors Redis keeps, and connects it. */
  async #resumeAndConnect(gateway: GatewayClient): Promise<void> {
    const { logger, redis, keys, leaseMs } = this.#options;
    try {
      let kept = await redis.hgetall(keys.cursors);
      if (kept["*"] === undefined && Date.now() - this.#dataLostAt < 30_000) {
        // None, just after Redis lost its data: give the process that held the connection before
        // a lease's time to put its copy back, then read again.
        await sleep(leaseMs);
        if (this.#gateway !== gateway) return;
        kept = await redis.hgetall(keys.cursors);
      }
      const { "*": newest, ...cursors } = kept;
      if (newest !== undefined) gateway.resumeFrom({ cursors, newest });
    } catch (error) {
      // Starting from now would lose what was posted since the cursors: the hold goes, and the
      // next one (once Redis answers) reads them.
      if (this.#gateway === gateway) {
        logger.error(`cluster: could not read the recovery cursors; giving the connection up`, error);
        await this.#demote("could not read the recovery cursors");
      }
      return;
    }
    if (this.#gateway !== gateway) return;
    try {
      await gateway.connect();
    } catch (error) {
      if (this.#gateway === gateway) {
        logger.error(`cluster: could not connect to the gateway`, error);
        await this.#demote("could not connect");
      }
    }
  }

  /** Queues `event`'s publish under `lease`, the hold of the client that received it. */
  #enqueue(event: GatewayDispatch, lease: string, partition?: number): void {
    void this.#publishes.run(async () => {
      // A publish queued under an earlier hold: that hold's connection is closed, and the next
      // holder reads back from the cursors whatever it did not publish.
      if (this.#lease.value !== lease) return;
      try {
        await this.#publishOne(event, lease, partition);
      } catch (error) {
        this.#options.logger.error(`cluster: could not publish ${event.name}`, error);
        // Redis did not answer: the cursors stand before this event. Give the connection up; the
        // next hold (this process's or another's, once Redis answers) reads back from there.
        if (this.#state === "owner" && this.#lease.value === lease) {
          void this.#demote("could not publish (Redis unreachable?)");
        }
      }
    });
  }

  /** Notes a published message in this process's cursors, and copies them every 10 s. */
  #notePublished(channelId: string, id: string): void {
    if (!this.#publishedFirst.has(channelId)) this.#publishedFirst.set(channelId, previousId(id));
    for (const field of [channelId, "*"]) {
      const cur = this.#published.get(field);
      if (cur === undefined || compareIds(id, cur) > 0) this.#published.set(field, id);
    }
    const now = Date.now();
    if (now - (this.#copies.at(-1)?.at ?? 0) < CURSOR_COPY_EVERY_MS) return;
    this.#copies.push({ at: now, cursors: new Map(this.#published) });
    // Keep the newest copy that is old enough, and those after it.
    while (this.#copies.length > 1 && now - this.#copies[1]!.at >= CURSOR_COPY_AGE_MS) this.#copies.shift();
  }

  /**
   * Puts this process's cursors of at least 30 s ago back where Redis has none (a Redis back from
   * an older snapshot keeps its own, older ones): the newest copy old enough, else, per channel,
   * the place before the first message this process published there.
   */
  async #restoreCursors(): Promise<void> {
    const now = Date.now();
    const copy = this.#copies.findLast((c) => now - c.at >= CURSOR_COPY_AGE_MS)?.cursors;
    const cursors = new Map(this.#publishedFirst);
    for (const [field, id] of copy ?? []) if (field !== "*") cursors.set(field, id);
    if (cursors.size === 0) return;
    let newest = "0";
    for (const id of cursors.values()) if (compareIds(id, newest) > 0) newest = id;
    const pipeline = this.#options.redis.pipeline();
    for (const [field, id] of cursors) pipeline.hsetnx(this.#options.keys.cursors, field, id);
    pipeline.hsetnx(this.#options.keys.cursors, "*", newest);
    await pipeline.exec();
    this.#options.logger.warn(
      `cluster: ${this.#options.nodeId} put back ${cursors.size} channel cursor(s) Redis lost, as they stood at least 30 s ago: what was posted since is read back`,
    );
  }

  async #publishOne(event: GatewayDispatch, lease: string, partition?: number): Promise<void> {
    const { keys, partitions, streamMaxLength } = this.#options;
    const stream =
      event.name === "INTERACTION_CREATE"
        ? keys.interactions
        : keys.events(partition ?? partitionOf(guildOf(event), partitions));
    const message = event.name === "MESSAGE_CREATE" ? event.data : null;
    const result = Number(
      await this.#publish(
        [
          keys.gatewayLease,
          stream,
          keys.cursors,
          keys.lastPublished,
          message ? keys.published(message.id) : "",
        ],
        [
          lease,
          JSON.stringify(event),
          streamMaxLength,
          message?.channel_id ?? "",
          message?.id ?? "",
          Date.now(),
          PUBLISHED_TTL_MS,
        ],
      ),
    );
    if (result >= 0 && message) this.#notePublished(message.channel_id, message.id);
    // Not awaited: stepping down waits for this very queue of publishes to end. Only the hold the
    // publish was for steps down, never a newer one of this process.
    if (result === -1 && this.#state === "owner" && this.#lease.value === lease)
      void this.#demote("lost the gateway lease while publishing");
  }

  async #demote(why: string): Promise<void> {
    const gateway = this.#gateway;
    const rest = this.#rest;
    // The hold this step-down is for: the lease checks may take a new one while it closes, and
    // that one stays (releasing it would let a standby connect beside it).
    const hold = this.#lease.value;
    this.#gateway = null;
    this.#rest = null;
    if (this.#state === "owner") {
      this.#options.logger.warn(`cluster: ${this.#options.nodeId} gives up the gateway connection: ${why}`);
    }
    if (this.#state !== "stopped") this.#state = "standby";
    await gateway?.close().catch(() => undefined);
    await this.#publishes.idle();
    await this.#lease.release(hold).catch(() => undefined);
    await rest?.close().catch(() => undefined);
  }

  #finish(error: Error | null): void {
    this.#state = "stopped";
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    this.#stopped.resolve(error);
  }
}
