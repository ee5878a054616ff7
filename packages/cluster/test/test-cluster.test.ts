import { defineBot } from "@chatbot/framework";
import { createTestWorld } from "@chatbot/testing";
import { describe, expect, it } from "vitest";
import { startTestCluster } from "../src/testing/index.js";

const bot = defineBot({ logger: "silent" });

describe("startTestCluster", () => {
  it("resolves with the partitions shared across its workers, so work spreads from the first event", async () => {
    await using world = await createTestWorld({ rateLimits: false });
    await using cluster = await startTestCluster(world, bot, { workers: 2, partitions: 16 });
    expect(cluster.workers.map((w) => w.worker!.partitions.length)).toEqual([8, 8]);
    const held = cluster.workers.flatMap((w) => w.worker!.partitions);
    expect(new Set(held).size).toBe(16);
  });
});
