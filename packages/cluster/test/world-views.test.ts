// The bot's world on a cluster (issue 39): each worker holds the views of its partitions' servers,
// read over REST when it takes a partition and dropped when it lets it go.
import { DevClient } from "@chatbot/protocol/dev";
import { createTestWorld } from "@chatbot/testing";
import { describe, expect, it } from "vitest";
import { type ClusterNode, partitionOf } from "../src/index.js";
import { worldNodes } from "./cluster-nodes.js";

const PARTITIONS = 8;
const nodes = worldNodes(PARTITIONS);
const node = nodes.node;

/** The ids of the servers a worker's view holds, and those of its partitions the bot is in. */
function held(worker: ClusterNode, all: readonly string[]) {
  const partitions = worker.worker!.partitions;
  return {
    view: [...worker.bot!.world.servers()].map((s) => s.id).sort(),
    partitions: all.filter((id) => partitions.includes(partitionOf(id, PARTITIONS))).sort(),
  };
}

describe("the bot's world on a cluster", () => {
  it("gives each worker the views of its partitions' servers, moving them with the partitions", async () => {
    const redis = await nodes.redis();
    const names = Array.from({ length: 8 }, (_, i) => `s${i}`);
    const world = await createTestWorld({
      people: ["ada"],
      servers: Object.fromEntries(names.map((n) => [n, { channels: { general: {}, "mod-log": {} } }])),
      rateLimits: false,
    });
    nodes.later(() => world.close());
    const ids = names.map((n) => world.servers[n]!.id).sort();
    const dev = new DevClient({ baseUrl: world.baseUrl });
    const owners = new Map((await dev.call("exportWorld")).guilds.map((g) => [g.id, g.owner_id]));
    const gateway = await node(redis, world, "gateway", "gw");
    const w1 = await node(redis, world, "worker", "w1");
    await world.app.connected();
    // One worker: every partition, every server, each as the service has it.
    await expect.poll(() => held(w1, ids).view, { timeout: 10_000 }).toEqual(ids);
    const s0 = w1.bot!.world.server(world.servers.s0!.id)!;
    expect(s0.name).toBe("s0");
    expect(s0.channels.byName("mod-log")?.can("send_messages")).toBe(true);

    // A second worker: the partitions are shared, and so are the views, none held twice.
    const w2 = await node(redis, world, "worker", "w2");
    await expect
      .poll(
        () =>
          w1.worker!.partitions.length + w2.worker!.partitions.length === PARTITIONS &&
          w2.worker!.partitions.length > 0,
        { timeout: 10_000 },
      )
      .toBe(true);
    for (const w of [w1, w2])
      await expect.poll(() => held(w, ids).view, { timeout: 10_000 }).toEqual(held(w, ids).partitions);
    expect(held(w1, ids).view.length + held(w2, ids).view.length).toBe(ids.length);

    // A change reaches the worker holding the server, in its order.
    const moved = held(w2, ids).view[0]!;
    const name = Object.entries(world.servers).find(([, s]) => s.id === moved)![0];
    await dev.call("updateGuild", {
      params: { guild_id: moved },
      body: { name: `${name} renamed` },
      as: owners.get(moved)!,
    });
    await expect.poll(() => w2.bot!.world.server(moved)?.name, { timeout: 10_000 }).toBe(`${name} renamed`);

    // The second worker goes: the first takes its partitions back and reads their servers over REST.
    await w2.stop();
    await expect.poll(() => held(w1, ids).view, { timeout: 15_000 }).toEqual(ids);
    expect(w1.bot!.world.server(moved)?.name).toBe(`${name} renamed`);

    // No connection while the app is removed from a server: no GUILD_DELETE reaches anyone. The next
    // connection's READY, published to every partition, takes the server out of the view.
    await gateway.stop();
    await expect.poll(() => world.app.isConnected, { timeout: 10_000 }).toBe(false);
    const gone = world.servers.s1!.id;
    await dev.call("uninstallApp", {
      params: { guild_id: gone, app_id: world.app.id },
      as: owners.get(gone)!,
    });
    await node(redis, world, "gateway", "gw2");
    await world.app.connected();
    await expect.poll(() => w1.bot!.world.server(gone), { timeout: 10_000 }).toBeUndefined();
    expect(held(w1, ids).view).toEqual(ids.filter((id) => id !== gone));
  }, 90_000);
});
