import {
  Command,
  CommandContext,
  defineBot,
  type Message,
  MemoryLogger,
  observe,
  On,
  singleton,
} from "@chatbot/framework";
import "@chatbot/testing/vitest";
import { createTestWorld } from "@chatbot/testing";
import { Redis } from "ioredis";
import { afterEach, describe, expect, it } from "vitest";
import type { RedisServer } from "../src/testing/redis-server.js";
import { partitionOf, startClusterNode } from "../src/index.js";
import { startTestCluster } from "../src/testing/index.js";
import { clusterNodes } from "./cluster-nodes.js";

/** What every worker of one test handled, in the order it handled it (one array per test). */
let seen: { guild: string; content: string }[] = [];

@singleton()
class Recorder {
  @On("MESSAGE_CREATE")
  async record(message: Message) {
    if (message.author.bot) return;
    // A little work, so that a burst overlaps across workers and servers.
    await new Promise((resolve) => setTimeout(resolve, 2));
    seen.push({ guild: message.guild_id, content: message.content });
  }
}

@Command({ name: "ping", description: "Answers pong" })
class Ping {
  async run(ctx: CommandContext) {
    await ctx.reply("pong");
  }
}

const bot = defineBot({ commands: [Ping], listeners: [Recorder], messageContent: true, logger: "silent" });

// Registered first, so it runs last (Vitest runs afterEach hooks as a stack): after the nodes stopped.
afterEach(() => {
  seen = [];
});
const nodes = clusterNodes(bot);
const node = nodes.node;

async function setUp(): Promise<{ redis: RedisServer; world: Awaited<ReturnType<typeof twoServers>> }> {
  const redis = await nodes.redis();
  const world = await twoServers();
  nodes.later(() => world.close());
  return { redis, world };
}

function twoServers() {
  return createTestWorld({
    people: ["ada"],
    servers: { one: { channels: { general: {} } }, two: { channels: { general: {} } } },
    rateLimits: false,
  });
}

/** Says `content` every second until a worker handled it (what was said while broken may be lost). */
async function sayUntilHandled(
  world: Awaited<ReturnType<typeof twoServers>>,
  channel: Parameters<Awaited<ReturnType<typeof twoServers>>["people"]["ada"]["say"]>[0],
  content: string,
): Promise<void> {
  await expect
    .poll(
      async () => {
        await world.people.ada.say(channel, content);
        return seen.some((s) => s.content === content);
      },
      { timeout: 15_000, interval: 1_000 },
    )
    .toBe(true);
}

describe("a bot on a cluster", () => {
  it("hands every server event to four workers once, in order within each server", async () => {
    const { redis, world } = await setUp();
    await node(redis, world, "gateway", "gw");
    const workers = await Promise.all(["w1", "w2", "w3", "w4"].map((id) => node(redis, world, "worker", id)));
    await world.app.connected();
    // Both workers have a share of the partitions.
    await expect.poll(() => workers.map((w) => w.worker!.partitions.length).every((n) => n > 0)).toBe(true);
    const one = world.servers.one.channels.general!;
    const two = world.servers.two.channels.general!;
    for (let i = 0; i < 30; i++) {
      await world.people.ada.say(one, `one ${i}`);
      await world.people.ada.say(two, `two ${i}`);
    }
    await expect.poll(() => seen.length).toBe(60);
    const contents = seen.map((s) => s.content);
    expect(new Set(contents).size).toBe(60);
    const inOrder = (prefix: string) => contents.filter((c) => c.startsWith(prefix));
    expect(inOrder("one ")).toEqual(Array.from({ length: 30 }, (_, i) => `one ${i}`));
    expect(inOrder("two ")).toEqual(Array.from({ length: 30 }, (_, i) => `two ${i}`));
    // Each entry ran once: the 60 messages and each server's GUILD_CREATE.
    const handled = workers.reduce((n, w) => n + w.worker!.handled, 0);
    expect(handled).toBe(62);
    // Each server's partition was read by one worker only.
    const partitionsRead = workers.flatMap((w) => w.worker!.partitions);
    expect(new Set(partitionsRead).size).toBe(partitionsRead.length);
  });

  it("moves partitions to workers that join mid-burst without losing, doubling or reordering an event", async () => {
    const redis = await nodes.redis();
    const names = Array.from({ length: 8 }, (_, i) => `s${i}`);
    const world = await createTestWorld({
      people: ["ada"],
      servers: Object.fromEntries(names.map((n) => [n, { channels: { general: {} } }])),
      rateLimits: false,
    });
    nodes.later(() => world.close());
    await node(redis, world, "gateway", "gw");
    const workers = [await node(redis, world, "worker", "w1")];
    await world.app.connected();
    const rounds = 60;
    for (let round = 0; round < rounds; round++) {
      // Each join makes every worker's share smaller: partitions are handed back while reads are under way.
      if (round === 5) workers.push(await node(redis, world, "worker", "w2"));
      if (round === 15) workers.push(await node(redis, world, "worker", "w3"));
      await Promise.all(
        names.map((n) => world.people.ada.say(world.servers[n]!.channels.general!, `${n} ${round}`)),
      );
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await expect.poll(() => seen.length, { timeout: 10_000 }).toBe(names.length * rounds);
    const contents = seen.map((s) => s.content);
    expect(new Set(contents).size).toBe(contents.length);
    for (const name of names) {
      expect(contents.filter((c) => c.startsWith(`${name} `))).toEqual(
        Array.from({ length: rounds }, (_, i) => `${name} ${i}`),
      );
    }
    expect(workers.filter((w) => w.worker!.partitions.length > 0).length).toBe(3);
  });

  it("keys each server to one partition, the same in every process", () => {
    expect(partitionOf("1234567890", 16)).toBe(partitionOf("1234567890", 16));
    const spread = new Set(
      Array.from({ length: 200 }, (_, i) => partitionOf(String(10_000_000 + i * 7919), 16)),
    );
    expect(spread.size).toBe(16);
  });

  it("a standby takes the connection when the owner stops, and recovers what was posted meanwhile", async () => {
    const { redis, world } = await setUp();
    const first = await node(redis, world, "both", "first");
    const second = await node(redis, world, "gateway", "second");
    await world.app.connected();
    expect(first.gateway!.state).toBe("owner");
    expect(second.gateway!.state).toBe("standby");
    const general = world.servers.one.channels.general!;
    await world.people.ada.say(general, "before");
    await expect.poll(() => seen.map((s) => s.content)).toEqual(["before"]);
    // The owner's gateway stops without a word to Redis: its lease has to run out.
    const owned = first.gateway!;
    await (owned as unknown as { stop(): Promise<void> }).stop();
    await world.people.ada.say(general, "while away 1");
    await world.people.ada.say(general, "while away 2");
    await expect.poll(() => second.gateway!.state, { timeout: 10_000 }).toBe("owner");
    await world.people.ada.say(general, "after");
    await expect
      .poll(() => seen.map((s) => s.content), { timeout: 10_000 })
      .toEqual(["before", "while away 1", "while away 2", "after"]);
  });

  it("an owner that finds its lease taken while publishing steps down and competes again", async () => {
    const { redis, world } = await setUp();
    const only = await node(redis, world, "both", "only");
    await world.app.connected();
    expect(only.gateway!.state).toBe("owner");
    const general = world.servers.one.channels.general!;
    await world.people.ada.say(general, "before");
    await expect.poll(() => seen.map((s) => s.content)).toEqual(["before"]);
    // Another holder took the lease (as after this process stalled past it): the very next publish
    // is refused before a renewal notices.
    const client = new Redis(redis.url);
    nodes.later(async () => client.disconnect());
    await client.set(only.keys.gatewayLease, "intruder:999999", "PX", 1_500);
    for (let i = 1; i <= 5; i++) await world.people.ada.say(general, `while taken ${i}`);
    await expect.poll(() => only.gateway!.state).toBe("standby");
    // Once the intruder's lease runs out, this process takes the connection back and reads back
    // what its refused publishes lost.
    await expect.poll(() => only.gateway!.state, { timeout: 8_000 }).toBe("owner");
    await expect
      .poll(() => seen.map((s) => s.content), { timeout: 8_000 })
      .toEqual(["before", ...Array.from({ length: 5 }, (_, i) => `while taken ${i + 1}`)]);
  });

  it("goes on after Redis lost all its data: says so, and workers make their consumer groups again", async () => {
    const { redis, world } = await setUp();
    const logger = new MemoryLogger();
    await node(redis, world, "gateway", "gw", { logger });
    const worker = await node(redis, world, "worker", "w1", { logger });
    await world.app.connected();
    const general = world.servers.one.channels.general!;
    await world.people.ada.say(general, "before");
    await expect.poll(() => seen.map((s) => s.content)).toEqual(["before"]);
    const client = new Redis(redis.url);
    nodes.later(async () => client.disconnect());
    // As a Redis restarted without persistence: the lease, the streams and their groups are gone.
    await client.flushall();
    await expect.poll(() => worker.worker!.partitions.length, { timeout: 8_000 }).toBeGreaterThan(0);
    await sayUntilHandled(world, general, "after");
    const lost = logger.lines.filter((l) => l.level === "error" && l.message.includes("Redis lost data"));
    expect(lost.map((l) => l.message.split(":")[1])).toEqual(
      expect.arrayContaining([" gateway gw", " worker w1"]),
    );
  });

  it("says in its log that Redis stalled, and goes on when it answers again", async () => {
    const { redis, world } = await setUp();
    const logger = new MemoryLogger();
    await node(redis, world, "both", "only", { commandTimeoutMs: 300, logger });
    await world.app.connected();
    const general = world.servers.one.channels.general!;
    await world.people.ada.say(general, "before");
    await expect.poll(() => seen.map((s) => s.content)).toEqual(["before"]);
    redis.pause();
    try {
      await expect
        .poll(() => logger.lines.some((l) => l.level === "warn" && l.message.includes("timed out")), {
          timeout: 5_000,
        })
        .toBe(true);
    } finally {
      redis.resume();
    }
    await sayUntilHandled(world, general, "after");
  });

  it("serves /readyz: ready while its roles reach Redis, 503 with the reason while Redis stalls", async () => {
    const { redis, world } = await setUp();
    const only = await node(redis, world, "both", "only", { commandTimeoutMs: 300 });
    await world.app.connected();
    const server = await observe(only, { port: 0, metrics: false });
    nodes.later(() => server.close());
    const readyz = async () => {
      const res = await fetch(`${server.url}/readyz`);
      return { status: res.status, body: (await res.json()) as { reason?: string } };
    };
    await expect.poll(async () => (await readyz()).status).toBe(200);
    redis.pause();
    try {
      await expect.poll(async () => (await readyz()).status, { timeout: 8_000 }).toBe(503);
      expect((await readyz()).body.reason).toMatch(/has not heard from Redis for \d+ ms/);
    } finally {
      redis.resume();
    }
    await expect.poll(async () => (await readyz()).status, { timeout: 8_000 }).toBe(200);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });

  it("serves the cluster's metrics: ownership and fence, partitions, entries handled, Redis's round trip", async () => {
    const { redis, world } = await setUp();
    const only = await node(redis, world, "both", "only");
    await world.app.connected();
    const server = await observe(only, { port: 0 });
    nodes.later(() => server.close());
    await world.people.ada.say(world.servers.one.channels.general!, "counted");
    await expect.poll(() => seen.length).toBe(1);
    const text = await (await fetch(`${server.url}/metrics`)).text();
    const value = (name: string) =>
      Number(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)`, "m").exec(text)?.[1]);
    expect(value("chatbot_cluster_gateway_owner")).toBe(1);
    expect(value("chatbot_cluster_gateway_fence")).toBe(only.gateway!.fence);
    expect(value("chatbot_cluster_partitions")).toBe(16);
    expect(value("chatbot_cluster_entries_handled_total")).toBeGreaterThanOrEqual(1);
    expect(value("chatbot_cluster_redis_round_trip")).toBeGreaterThanOrEqual(0);
    // The worker's bot's own metrics come along.
    expect(text).toContain("chatbot_events_total");
  });

  it("refuses bad options, naming the option and the rule", async () => {
    await expect(
      startClusterNode(bot, { redis: "http://x", role: "worker", token: "t", baseUrl: "http://127.0.0.1:1" }),
    ).rejects.toThrow(/redis must be a redis:\/\/ or rediss:\/\/ URL/);
    await expect(
      startClusterNode(bot, {
        redis: "redis://x",
        role: "boss" as never,
        token: "t",
        baseUrl: "http://127.0.0.1:1",
      }),
    ).rejects.toThrow(/role must be gateway, worker or both/);
    await expect(
      startClusterNode(bot, {
        redis: "redis://x",
        role: "worker",
        token: "t",
        baseUrl: "http://127.0.0.1:1",
        partitions: 0,
      }),
    ).rejects.toThrow(/partitions must be a whole number of 1 or more/);
  });

  it("keeps the gateway lease single: a second holder is refused until the first lets go", async () => {
    const redis = await nodes.redis();
    const client = new Redis(redis.url);
    nodes.later(async () => client.disconnect());
    const { RedisLease } = await import("../src/lease.js");
    const a = new RedisLease(client, { key: "l", fenceKey: "f", holder: "a", ttlMs: 500 });
    const b = new RedisLease(client, { key: "l", fenceKey: "f", holder: "b", ttlMs: 500 });
    expect(await a.acquire()).toBe(true);
    expect(await b.acquire()).toBe(false);
    expect(await a.renew()).toBe(true);
    await a.release();
    expect(await b.acquire()).toBe(true);
    expect(b.fence).toBeGreaterThan(a.fence);
    // a no longer holds it: renewing fails and does not take it back.
    expect(await a.renew()).toBe(false);
    expect(await client.get("l")).toBe(`b:${b.fence}`);
    // Redis loses its data, the fencing counter with it: the next fence is still greater.
    await client.flushall();
    const c = new RedisLease(client, { key: "l", fenceKey: "f", holder: "c", ttlMs: 500 });
    expect(await c.acquire()).toBe(true);
    expect(c.fence).toBeGreaterThan(b.fence);
  });

  it("runs inside a test with startTestCluster: commands take the fast path through any worker", async () => {
    const world = await createTestWorld({ people: ["ada"], rateLimits: false });
    nodes.later(() => world.close());
    await using cluster = await startTestCluster(world, bot, { workers: 3 });
    await world.app.connected({ commands: ["ping"] });
    for (let i = 0; i < 6; i++) {
      const outcome = await world.people.ada.use(world.channels.general, "/ping");
      await outcome.settled();
      expect(outcome).toHaveAnswered({ content: "pong" });
    }
    // The interactions went to the workers, not to one process.
    const handled = cluster.workers.map((w) => w.worker!.handled);
    expect(handled.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(6);
  });
});
