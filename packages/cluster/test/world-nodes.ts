import { defineBot } from "@chatbot/framework";
import type { TestWorld } from "@chatbot/testing";
import { afterEach } from "vitest";
import { type ClusterNode, startClusterNode } from "../src/index.js";
import { type RedisServer, startRedisServer } from "../src/testing/redis-server.js";

const bot = defineBot({ logger: "silent" });

/**
 * For the world view's cluster tests: a `redis-server` of its own and cluster nodes of a bot with
 * no handlers (its world views are what the tests read) on a test world, with short heartbeats and
 * leases; everything stops after each test.
 */
export function worldNodes(partitions: number) {
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
      role: "gateway" | "worker",
      nodeId: string,
    ): Promise<ClusterNode> {
      const started = await startClusterNode(bot, {
        redis: redis.url,
        role,
        nodeId,
        token: world.token,
        baseUrl: world.baseUrl,
        gatewayUrl: world.gatewayUrl,
        partitions,
        heartbeatMs: 200,
        leaseMs: 800,
        logger: "silent",
      });
      cleanups.push(() => started.stop());
      return started;
    },
  };
}
