import { createServer } from "node:net";
import { MemoryLogger, observe } from "@chatbot/framework";
import { createTestWorld } from "@chatbot/testing";
import { Redis } from "ioredis";
import { describe, expect, it } from "vitest";
import { startClusterNode } from "../src/index.js";
import { RoleWatchdog } from "../src/role-watchdog.js";
import { startRedisServer } from "../src/testing/redis-server.js";
import { defineBot } from "@chatbot/framework";

describe("the watchdog of a node's roles", () => {
  it("says at error, once, that a loop stopped turning, names it until it moves again, then says so", () => {
    const logger = new MemoryLogger();
    let ended = 1_000;
    const watchdog = new RoleWatchdog(
      [{ name: "worker's heartbeat", lastEndedAt: () => ended, limitMs: 15_000 }],
      logger,
      "n1",
    );
    try {
      watchdog.check(16_000);
      expect(watchdog.stuckReason).toBeNull();
      watchdog.check(16_001);
      watchdog.check(20_000);
      expect(watchdog.stuckReason).toBe(
        "the worker's heartbeat has not moved for 19000 ms (stuck; its limit is 15000 ms)",
      );
      const errors = logger.lines.filter((l) => l.level === "error").map((l) => l.message);
      expect(errors).toEqual([
        "cluster: node n1: watchdog: the worker's heartbeat has not moved for 15001 ms (stuck; its limit is 15000 ms); /healthz answers 503 so that the process is restarted",
      ]);
      ended = 20_000;
      watchdog.check(20_500);
      expect(watchdog.stuckReason).toBeNull();
      expect(logger.lines.at(-1)).toEqual({
        level: "info",
        message: "cluster: node n1: watchdog: every loop moves again",
      });
    } finally {
      watchdog.stop();
    }
  });

  it("makes /healthz answer 503 with the reason while an observed process is stuck", async () => {
    let stuck: string | null = "the worker's read loop has not moved for 16000 ms";
    const server = await observe(
      { logger: new MemoryLogger(), notReadyReason: () => stuck, notAliveReason: () => stuck },
      { port: 0 },
    );
    try {
      const first = await fetch(`${server.url}/healthz`);
      expect(first.status).toBe(503);
      expect(await first.json()).toEqual({ status: "stuck", reason: stuck });
      stuck = null;
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});

describe("a gateway process that cannot connect", () => {
  it("keeps its lease checks going while its connection is tried again and again", async () => {
    await using world = await createTestWorld({ people: ["ada"] });
    const redis = await startRedisServer();
    // A gateway address that accepts nothing: the owner's connect never gets to READY.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as { port: number }).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const client = new Redis(redis.url);
    const node = await startClusterNode(defineBot({ logger: "silent" }), {
      redis: redis.url,
      role: "gateway",
      nodeId: "gw",
      token: world.token,
      baseUrl: world.baseUrl,
      gatewayUrl: `ws://127.0.0.1:${port}`,
      leaseMs: 800,
      logger: "silent",
    });
    try {
      await expect.poll(() => node.gateway!.state).toBe("owner");
      // Three lease lifetimes later, it still holds the lease it took, renewed: no check waited on
      // the connection.
      const fence = node.gateway!.fence;
      await new Promise((resolve) => setTimeout(resolve, 2_400));
      expect(await client.get(node.keys.gatewayLease)).toBe(`gw:${fence}`);
      expect(Number(await client.pttl(node.keys.gatewayLease))).toBeGreaterThan(0);
      expect(node.notReadyReason()).toMatch(/^the gateway connection is /);
    } finally {
      await node.stop();
      client.disconnect();
      await redis.close();
    }
  });
});
