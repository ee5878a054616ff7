// The world views of a cluster's workers against the server, the oracle (issue 39): seeded random
// changes through the dev API with partition takeovers interleaved (a worker stopped, another
// started); after each settle, each worker's views are compared field by field with what the service
// answers, for the servers of the partitions it holds. WORLD_ORACLE_SEED replays a run.
import { DevClient } from "@chatbot/protocol/dev";
import { createTestWorld } from "@chatbot/testing";
import { describe, expect, it } from "vitest";
import { compareWithServer } from "../../../test-support/world-oracle/compare-with-server.js";
import { seededRandom, WorldChanges } from "../../../test-support/world-oracle/world-changes.js";
import { partitionOf } from "../src/index.js";
import { worldNodes } from "./cluster-nodes.js";

const PARTITIONS = 4;
const CHANGES = 1_000;
const nodes = worldNodes(PARTITIONS);

describe("a cluster's world views against the server", () => {
  it(`equal what the service answers after ${CHANGES} random changes with partition takeovers`, async () => {
    const seed = Number(process.env.WORLD_ORACLE_SEED ?? Math.floor(Math.random() * 2 ** 31));
    const redis = await nodes.redis();
    const world = await createTestWorld({ people: ["owner"], rateLimits: false });
    nodes.later(() => world.close());
    const dev = new DevClient({ baseUrl: world.baseUrl });
    const node = (role: "gateway" | "worker", nodeId: string) => nodes.node(redis, world, role, nodeId);
    await node("gateway", "gw");
    const workers = [await node("worker", "w1"), await node("worker", "w2")];
    await world.app.connected();
    const [install] = (await dev.call("exportWorld")).installs;
    const changes = new WorldChanges(dev, world.people.owner.id, world.app.id, world.app.userId, seed);
    changes.adopt(world.server.id, install!.role_id!, [world.channels.general.id]);
    const random = seededRandom(seed ^ 0x2545f491);

    /** Every difference between the workers' views and the service, once the cluster settled (15 s at most). */
    const differences = async (): Promise<string[]> => {
      let last: string[] = [];
      for (let waited = 0; waited < 15_000; waited += 100) {
        last = [];
        const held = workers.flatMap((w) => w.worker!.partitions);
        if (new Set(held).size !== PARTITIONS || held.length !== PARTITIONS) {
          last.push(`partitions held: ${JSON.stringify(workers.map((w) => w.worker!.partitions))}`);
        }
        for (const w of workers) {
          const mine = (id: string) => w.worker!.partitions.includes(partitionOf(id, PARTITIONS));
          const lines = await compareWithServer(w.bot!.world, w.bot!.rest, dev, w.bot!.intents, mine);
          last.push(...lines.map((line) => `${w.nodeId}: ${line}`));
        }
        if (last.length === 0) return [];
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return last;
    };

    const mismatches: string[] = [];
    let takeovers = 0;
    let step = 0;
    let next = 3;
    while (step < CHANGES && mismatches.length === 0) {
      if (random() < 0.15) {
        // A takeover: a worker goes, another comes; their partitions move, and the views with them.
        const gone = workers.splice(Math.floor(random() * workers.length), 1)[0]!;
        await gone.stop();
        workers.push(await node("worker", `w${next++}`));
        takeovers++;
      }
      const batch = 1 + Math.floor(random() * 15);
      for (let i = 0; i < batch && step < CHANGES; i++, step++) await changes.step();
      // Merged GUILD_UPDATEs go out.
      for (let i = 0; i < 3; i++) world.clock.advance(1_000);
      for (const line of await differences()) mismatches.push(`after change ${step}: ${line}`);
    }
    expect(mismatches, `seed ${seed} (replay with WORLD_ORACLE_SEED=${seed})`).toEqual([]);
    expect(changes.made).toBeGreaterThan(CHANGES * 0.8);
    expect(takeovers).toBeGreaterThan(2);
  }, 600_000);
});
