import { createBot, defineBot, Listener, OnSchedule, RestClient, StateError } from "@chatbot/framework";
import { createTestWorld } from "@chatbot/testing";
import { describe, expect, it } from "vitest";
import { storeContract } from "../../../test-support/store-contract.js";
import { RedisStore } from "../src/index.js";
import { startTestCluster } from "../src/testing/index.js";
import { redisPerFile } from "./redis-per-file.js";

// The state store and the scheduler on a real Redis (Debian's redis-server, started for this file).

const server = redisPerFile();

let stores = 0;
/** A store on a connection of its own; `prefix` shares one between stores (two processes). */
function store(clock = handClock(), prefix = `test:${++stores}`): RedisStore {
  const redis = server.connect();
  return new RedisStore(redis, { prefix, clock });
}

function handClock(start = 1_700_000_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

// What every adapter answers alike (test-support/store-contract.ts), here on a real Redis.
storeContract("RedisStore", (clock) => store(clock));

describe("RedisStore", () => {
  it("keeps typed values under keys, lists them by prefix, and removes them", async () => {
    const s = store();
    await s.set("poll:1", { question: "Lunch?", votes: { yes: 2 } });
    await s.set("poll:2", { question: "Tea?", votes: {} });
    await s.set("other", 1);
    expect(await s.get("poll:1")).toEqual({ question: "Lunch?", votes: { yes: 2 } });
    expect(await s.get("missing")).toBeUndefined();
    expect((await s.list("poll:")).map((e) => e.key)).toEqual(["poll:1", "poll:2"]);
    expect(await s.list("poll:", { limit: 1 })).toHaveLength(1);
    expect(await s.delete("poll:1")).toBe(true);
    expect(await s.delete("poll:1")).toBe(false);
    expect((await s.list("")).map((e) => e.key)).toEqual(["other", "poll:2"]);
    expect(await s.namespace("poll").get("2")).toEqual({ question: "Tea?", votes: {} });
  });

  it("forgets a value when its time to live is over, on the store's clock", async () => {
    const clock = handClock();
    const s = store(clock);
    await s.set("cooldown", true, { ttlMs: 1_000 });
    clock.advance(999);
    expect(await s.get("cooldown")).toBe(true);
    clock.advance(1);
    expect(await s.get("cooldown")).toBeUndefined();
    expect(await s.list("cool")).toEqual([]);
  });

  it("made without a clock, follows the clock of the bot it is given to (a test world's)", async () => {
    await using world = await createTestWorld();
    const redis = server.connect();
    const s = new RedisStore(redis, { prefix: `test:${++stores}` });
    createBot({ token: world.token, baseUrl: world.baseUrl, clock: world.clock, logger: "silent", store: s });
    await s.set("word", "tea", { ttlMs: 60_000 });
    await world.clock.advance(59_999);
    expect(await s.get("word")).toBe("tea");
    await world.clock.advance(1);
    expect(await s.get("word")).toBeUndefined();
  });

  it("100 concurrent updates of one key from two processes lose none; compare-and-set has one winner", async () => {
    const a = store(handClock(), "shared:counter");
    const b = store(handClock(), "shared:counter");
    await Promise.all(
      Array.from({ length: 100 }, (_, i) => (i % 2 ? a : b).update<number>("count", (n) => (n ?? 0) + 1)),
    );
    expect(await a.get("count")).toBe(100);
    const wins = await Promise.all([a.compareAndSet("count", 100, 101), b.compareAndSet("count", 100, 102)]);
    expect(wins.filter(Boolean)).toHaveLength(1);
    expect([101, 102]).toContain(await b.get("count"));
    expect(await a.compareAndSet("count", 7, undefined)).toBe(false);
  });

  it("refuses what it cannot keep, naming the key and the rule", async () => {
    const s = store();
    await expect(s.set("a", { when: new Date(0) })).rejects.toThrow(
      'store: the value of "a" must be JSON: value.when is a Date (only plain objects)',
    );
    await expect(s.set("", 1)).rejects.toBeInstanceOf(StateError);
    expect(await s.get("a")).toBeUndefined();
  });

  it("claims a due job for one process at a time, and gives back the claim of one that died", async () => {
    const clock = handClock();
    const a = store(clock, "shared:jobs");
    const b = store(clock, "shared:jobs");
    await a.jobs.add({ id: "j1", key: "k", name: "n", payload: "{}", dueAt: clock.now() });
    const [first, second] = await Promise.all([
      a.jobs.claimDue(clock.now(), 10),
      b.jobs.claimDue(clock.now(), 10),
    ]);
    expect([...first, ...second]).toMatchObject([{ id: "j1", attempts: 1 }]);
    // Its process dies: 60 s later the claim runs out and the job is due again, for anyone.
    clock.advance(60_000);
    expect(await b.jobs.claimDue(clock.now(), 10)).toMatchObject([{ id: "j1", attempts: 2 }]);
    await b.jobs.complete("j1");
    expect(await a.jobs.list()).toEqual([]);
    expect(await a.jobs.nextDueAt()).toBeNull();
  });
});

// A bot whose scheduled jobs post into a channel: each must be posted once, whichever worker runs it.
const posted: string[] = [];

@Listener()
class Announcer {
  constructor(private readonly rest: RestClient) {}
  @OnSchedule("announce")
  async announce(payload: { channelId: string; n: number }) {
    posted.push(`announcement ${payload.n}`);
    await this.rest.createMessage(payload.channelId, { content: `announcement ${payload.n}` });
  }
}

describe("the scheduler on a cluster", () => {
  it("fires each scheduled job once with three workers", { timeout: 60_000 }, async () => {
    await using world = await createTestWorld({ people: ["ada"], rateLimits: false });
    await using cluster = await startTestCluster(
      world,
      defineBot({ listeners: [Announcer], logger: "silent" }),
      { workers: 3, redis: server.url },
    );
    const general = world.channels.general;
    // Scheduled through one worker, due together: all three workers' schedulers see them.
    const scheduler = cluster.workers[0]!.bot!.scheduler;
    const due = Date.now() + 1_500;
    for (let n = 1; n <= 20; n++) await scheduler.schedule(due, "announce", { channelId: general.id, n });
    for (let n = 1; n <= 20; n++) {
      await world.nextMessage(general, {
        from: world.app,
        matching: /^announcement \d+$/,
        timeoutMs: 15_000,
      });
    }
    // A moment more: nothing is posted twice.
    await expect(
      world.nextMessage(general, { from: world.app, matching: /^announcement/, timeoutMs: 1_500 }),
    ).rejects.toThrow();
    expect([...posted].sort()).toEqual(Array.from({ length: 20 }, (_, i) => `announcement ${i + 1}`).sort());
    // None is left waiting in any worker's view.
    const ran = await Promise.all(cluster.workers.map((w) => w.bot!.scheduler.list()));
    expect(ran.flat()).toEqual([]);
  });
});
