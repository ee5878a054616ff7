import { defineBot, MemoryLogger } from "@chatbot/framework";
import { createTestWorld } from "@chatbot/testing";
import { Redis } from "ioredis";
import { expect, it } from "vitest";
import { startTestCluster } from "../src/testing/index.js";

it("a worker stopping in the middle of a heartbeat logs no failure of its own disconnect", async () => {
  await using world = await createTestWorld({ people: ["ada"] });
  const logger = new MemoryLogger();
  const cluster = await startTestCluster(world, defineBot({}), {
    workers: 1,
    gateways: 0,
    heartbeatMs: 100,
    logger,
  });
  const admin = new Redis(cluster.redis);
  try {
    // Redis holds writes for a moment: the worker's next heartbeat is under way when it stops, and
    // its Redis connection closes before the heartbeat's later commands are sent.
    await admin.client("PAUSE", 200, "WRITE");
    await new Promise((resolve) => setTimeout(resolve, 120));
    await cluster.stop();
  } finally {
    admin.disconnect();
  }
  // What a heartbeat still running would have said, after the stop. (The pause itself may cost the
  // worker its leases, which it says: that is Redis's doing.)
  await new Promise((resolve) => setTimeout(resolve, 300));
  const failures = logger.lines.filter((l) => /heartbeat failed|Connection is closed/.test(l.message));
  expect(failures).toEqual([]);
});
