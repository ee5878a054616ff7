import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import {
  type Bot,
  type BotDefinition,
  ConsoleLogger,
  createBot,
  intentsOfBot,
  Logger,
  type LogLevel,
} from "@chatbot/framework";
import { GatewayClient } from "@chatbot/gateway";
import { backoffDelay, type BackoffPolicy } from "@chatbot/kit";
import { RestClient } from "@chatbot/rest";
import { ClusterOptionsError } from "./cluster-error.js";
import { clusterTelemetry } from "./cluster-telemetry.js";
import { GatewayRole } from "./gateway-role.js";
import { ClusterKeys } from "./keys.js";
import { watchRedis } from "./redis-health.js";
import { checkRedisSettings } from "./redis-settings.js";
import { connectRedis, redisTargetOf } from "./redis-url.js";
import { RedisRateLimits } from "./redis-rate-limits.js";
import { RoleWatchdog } from "./role-watchdog.js";
import { RedisStore } from "./redis-store.js";
import { WorkerRole } from "./worker-role.js";

/** Redis connections are tried again 100 ms apart at first, 100 ms more each time, 1 s apart at most. */
const REDIS_RECONNECT: BackoffPolicy = { initialDelayMs: 100, growth: "linear", maxDelayMs: 1_000 };

/** What a process of the cluster does: hold (or stand by for) the connection, run handlers, or both. */
export type ClusterRole = "gateway" | "worker" | "both";

/** Options of {@link startClusterNode}. */
export interface ClusterNodeOptions {
  /**
   * The Redis server: a `redis://` or `rediss://` URL, or a Sentinel group's
   * `redis+sentinel://host[:port][,host[:port]...]/<name>`, whose primary every connection follows
   * through failovers.
   */
  readonly redis: string;
  readonly role: ClusterRole;
  readonly token: string;
  readonly baseUrl: string;
  readonly gatewayUrl?: string;
  /** Partitions of the server events (16); every process of one bot must use the same number. */
  readonly partitions?: number;
  /** The prefix of every key (default `chatbot:<application id>`). */
  readonly namespace?: string;
  /** This process's id in the cluster (default host name, process id and a random suffix). */
  readonly nodeId?: string;
  /** The connection's lease: a dead owner is replaced about this long after it died (2,000 ms). */
  readonly leaseMs?: number;
  /** A worker's heartbeat (1,000 ms): a dead worker's partitions move after three of them. */
  readonly heartbeatMs?: number;
  /** Deliveries of one entry before it goes to the dead letters (5). */
  readonly maxDeliveries?: number;
  /** Each stream is trimmed to about this many entries at most (100,000). */
  readonly streamMaxLength?: number;
  /**
   * A Redis command not answered within this many milliseconds fails (5,000), so a stalled Redis
   * is reported in the log and retried instead of waited on in silence.
   */
  readonly commandTimeoutMs?: number;
  /** A logger, or the level of the default one. */
  readonly logger?: Logger | LogLevel | "silent";
}

/** One process of a bot's cluster, as {@link startClusterNode} started it. */
export interface ClusterNode {
  readonly nodeId: string;
  readonly role: ClusterRole;
  readonly keys: ClusterKeys;
  /** The gateway role, in `gateway` and `both`. */
  readonly gateway: GatewayRole | null;
  /** The worker role, in `worker` and `both`. */
  readonly worker: WorkerRole | null;
  /** The bot the worker runs handlers of, in `worker` and `both`. */
  readonly bot: Bot | null;
  /** The node's logger. */
  readonly logger: Logger;
  /**
   * Why the node is not doing its work, or null when it is: each role heard from Redis lately (three
   * lease checks or heartbeats), an owner's gateway connection is ready, the worker's bot runs.
   * `observe(node, { port })` from `@chatbot/framework` serves it as `/readyz`.
   */
  notReadyReason(): string | null;
  /**
   * Why the node is stuck, or null: a loop of its roles (lease checks, heartbeat, reads) has not
   * ended a turn for far longer than Redis's command timeout allows, a bug rather than a fault of
   * Redis. It is logged at `error`; `observe(node, { port })` answers `/healthz` with 503 meanwhile.
   */
  notAliveReason(): string | null;
  /**
   * Makes the cluster's metrics (and the worker's bot's) again on the global meter provider: call
   * it after registering an OpenTelemetry SDK later than the node started (`observe()` does).
   */
  refreshTelemetry(): void;
  /** Stops gracefully: hands the connection and the partitions over, lets handlers end. */
  stop(): Promise<void>;
}

function whole(name: string, value: number | undefined, fallback: number, min: number): number {
  const n = value ?? fallback;
  if (!Number.isInteger(n) || n < min) {
    throw new ClusterOptionsError(`${name} must be a whole number of ${min} or more, got ${String(value)}`);
  }
  return n;
}

/**
 * Starts one process of a bot that runs on many: the same `defineBot` definition as everywhere,
 * plus the Redis URL and the role. Any number of processes may take each role; exactly one holds
 * the gateway connection at a time.
 *
 * @example
 * const node = await startClusterNode(bot, { redis: "redis://127.0.0.1:6379", role: "worker", token, baseUrl });
 * process.once("SIGTERM", () => void node.stop());
 */
export async function startClusterNode(
  definition: BotDefinition,
  options: ClusterNodeOptions,
): Promise<ClusterNode> {
  if (!["gateway", "worker", "both"].includes(options.role)) {
    throw new ClusterOptionsError(
      `role must be gateway, worker or both, got ${JSON.stringify(options.role)}`,
    );
  }
  const redisTarget = redisTargetOf(options.redis);
  if (typeof options.token !== "string" || options.token === "") {
    throw new ClusterOptionsError("token must be the bot token, a non-empty string");
  }
  const partitions = whole("partitions", options.partitions, 16, 1);
  const leaseMs = whole("leaseMs", options.leaseMs, 2_000, 200);
  const heartbeatMs = whole("heartbeatMs", options.heartbeatMs, 1_000, 50);
  const maxDeliveries = whole("maxDeliveries", options.maxDeliveries, 5, 1);
  const streamMaxLength = whole("streamMaxLength", options.streamMaxLength, 100_000, 100);
  const commandTimeout = whole("commandTimeoutMs", options.commandTimeoutMs, 5_000, 100);
  const wanted = options.logger ?? definition.logger ?? "info";
  const logger = wanted instanceof Logger ? wanted : new ConsoleLogger(wanted);
  const nodeId = options.nodeId ?? `${hostname()}-${process.pid}-${randomUUID().slice(0, 8)}`;
  const intents = intentsOfBot(definition);

  const first = new RestClient({ token: options.token, baseUrl: options.baseUrl });
  const app = await first.getApplication().finally(() => first.close());
  const keys = new ClusterKeys(options.namespace ?? `chatbot:${app.id}`);
  const redis = connectRedis(redisTarget, {
    maxRetriesPerRequest: null,
    lazyConnect: false,
    commandTimeout,
    // Tried again every 100 ms at first, then every second at most (ioredis waits up to 5 s): a
    // Redis back after a long outage is used within a second.
    retryStrategy: (times: number) => backoffDelay(REDIS_RECONNECT, times),
  });
  watchRedis(redis, logger, nodeId, "main");
  await checkRedisSettings(redis, logger);
  // Every process's calls count against one set of limits, kept in Redis.
  const sharedRateLimits = new RedisRateLimits(redis, keys.prefix, definition.rest?.globalLimit ?? 50);
  const restOptions = { ...definition.rest, sharedRateLimits };
  const rest = new RestClient({ ...restOptions, token: options.token, baseUrl: options.baseUrl });

  let worker: WorkerRole | null = null;
  let bot: Bot | null = null;
  if (options.role !== "gateway") {
    const me = await rest.getMe();
    // The worker's bot never connects: its events come from the streams. It still gets a
    // GatewayClient to inject, one that is never opened.
    const idle = new GatewayClient({ token: options.token, intents, rest });
    bot = createBot({
      ...definition,
      token: options.token,
      baseUrl: options.baseUrl,
      logger,
      // State and scheduled jobs shared by every process: a job fires once across the workers.
      store: definition.store ?? new RedisStore(redis, { prefix: `${keys.prefix}:state` }),
      connection: { rest, gateway: idle, ready: { userId: me.id, guilds: [] } },
    });
    await bot.start();
    worker = new WorkerRole({ redis, keys, nodeId, bot, partitions, heartbeatMs, maxDeliveries, logger });
    await worker.start();
  }
  let gateway: GatewayRole | null = null;
  if (options.role !== "worker") {
    gateway = new GatewayRole({
      redis,
      keys,
      nodeId,
      token: options.token,
      baseUrl: options.baseUrl,
      ...(options.gatewayUrl !== undefined && { gatewayUrl: options.gatewayUrl }),
      intents,
      restOptions,
      // The owner's view serves its recovery (servers, channels); the workers keep the people met.
      gatewayOptions: { ...definition.gateway, world: { members: false } },
      partitions,
      leaseMs,
      streamMaxLength,
      logger,
    });
    gateway.start();
  }
  clusterTelemetry(gateway, worker);
  // A turn of a loop makes a few Redis calls; the first that fails (after the command timeout at
  // most) ends it. Past twice that and three periods, the loop is stuck.
  const limit = (periodMs: number) => Math.max(15_000, 3 * periodMs + 2 * commandTimeout);
  const watchdog = new RoleWatchdog(
    [
      ...(gateway
        ? [
            {
              name: "gateway role's lease check",
              lastEndedAt: () => gateway!.lastTickEndedAt,
              limitMs: limit(gateway.tickMs),
            },
          ]
        : []),
      ...(worker
        ? [
            {
              name: "worker's heartbeat",
              lastEndedAt: () => worker!.lastTickEndedAt,
              limitMs: limit(heartbeatMs),
            },
            { name: "worker's read loop", lastEndedAt: () => worker!.lastReadEndedAt, limitMs: limit(500) },
          ]
        : []),
    ],
    logger,
    nodeId,
  );
  let stopping: Promise<void> | null = null;
  return {
    nodeId,
    role: options.role,
    keys,
    gateway,
    worker,
    bot,
    logger,
    notAliveReason() {
      return stopping ? null : watchdog.stuckReason;
    },
    notReadyReason() {
      const now = Date.now();
      if (stopping) return "the node is stopping";
      const stuck = watchdog.stuckReason;
      if (stuck !== null) return stuck;
      if (gateway) {
        if (gateway.state === "stopped") return "the gateway role stopped";
        const silent = now - gateway.lastContactAt;
        if (silent > 3 * leaseMs) return `the gateway role has not heard from Redis for ${silent} ms`;
        const connection = gateway.connectionState;
        if (gateway.state === "owner" && connection !== "ready")
          return `the gateway connection is ${connection}`;
      }
      if (worker) {
        const silent = now - worker.lastContactAt;
        if (silent > 3 * heartbeatMs) return `the worker has not heard from Redis for ${silent} ms`;
      }
      if (bot && bot.state !== "running") return `the bot is ${bot.state}`;
      return null;
    },
    refreshTelemetry() {
      clusterTelemetry(gateway, worker);
      bot?.refreshTelemetry();
    },
    stop() {
      stopping ??= (async () => {
        watchdog.stop();
        await gateway?.stop();
        await worker?.stop();
        await bot?.stop();
        await rest.close();
        redis.disconnect();
      })();
      return stopping;
    },
  };
}
