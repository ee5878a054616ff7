import { type BotDefinition, defineBot } from "@chatbot/framework";
import type { TestWorld } from "@chatbot/testing";
import { afterEach } from "vitest";
import { type ClusterNode, type ClusterNodeOptions, startClusterNode } from "../src/index.js";
import { type RedisServer, startRedisServer } from "../src/testing/redis-server.js";

const handlerless = defineBot({ logger: "silent" });

/** Options of a test's cluster node beyond the ones every node of these tests shares. */
type NodeExtra = Partial<
  Pick<ClusterNodeOptions, "partitions" | "commandTimeoutMs" | "logger" | "gatewayUrl">
>;

/**
 * Cluster nodes of `bot` for a test file: `redis-server`s of their own and nodes on a test world,
 * with short heartbeats and leases (200 ms, 800 ms) and `defaults` (then each node's `extra`);
 * everything started, and what `later` is given, stops after each test, the last first.
 */
export function clusterNodes(bot: BotDefinition, defaults: NodeExtra = {}) {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
  });
  return {
    /** Stops `close` after the test. */
    later(close: () => Promise<unknown>): void {
      cleanups.push(close);
    },
    async redis(): Promise<RedisServer> {
      const redis = await startRedisServer();
      cleanups.push(() => redis.close());
      return redis;
    },
    async node(
      redis: RedisServer,
      world: TestWorld,
      role: "gateway" | "worker" | "both",
      nodeId: string,
      extra: NodeExtra = {},
    ): Promise<ClusterNode> {
      const started = await startClusterNode(bot, {
        redis: redis.url,
        role,
        nodeId,
        token: world.token,
        baseUrl: world.baseUrl,
        gatewayUrl: world.gatewayUrl,
        heartbeatMs: 200,
        leaseMs: 800,
        logger: "silent",
        ...defaults,
        ...extra,
      });
      cleanups.push(() => started.stop());
      return started;
    },
  };
}

/**
 * For the world view's cluster tests: {@link clusterNodes} of a bot with no handlers (its world
 * views are what the tests read), with `partitions` partitions.
 */
export function worldNodes(partitions: number) {
  return clusterNodes(handlerless, { partitions });
}
