import type { ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createTestWorld } from "@chatbot/testing";
import { Redis } from "ioredis";
import { afterEach, describe, expect, it } from "vitest";
import { type RedisServer, startRedisServer } from "../src/testing/redis-server.js";
import { startClusterProcess } from "./cluster-process.js";

const BOT = fileURLToPath(new URL("./fixtures/recorder-bot.mjs", import.meta.url));

const cleanups: (() => Promise<unknown> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await Promise.resolve(cleanup()).catch(() => undefined);
});

const makeWorld = () => createTestWorld({ people: ["ada"], rateLimits: false });

interface Harness {
  readonly redis: RedisServer;
  readonly world: Awaited<ReturnType<typeof makeWorld>>;
  readonly log: string;
  readonly client: Redis;
  start(role: "gateway" | "worker" | "both", nodeId: string): Promise<ChildProcess>;
  /** Every `done <node> <content>` line so far. */
  done(): { node: string; content: string }[];
  started(): { node: string; content: string }[];
  /** The node that holds the gateway lease now (or null). */
  owner(): Promise<string | null>;
}

async function harness(): Promise<Harness> {
  const redis = await startRedisServer();
  cleanups.push(() => redis.close());
  const world = await makeWorld();
  cleanups.push(() => world.close());
  const dir = mkdtempSync(join(tmpdir(), "chatbot-cluster-"));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const log = join(dir, "handled.log");
  const client = new Redis(redis.url);
  cleanups.push(() => client.disconnect());
  const app = (await (
    await fetch(`${world.baseUrl}/v1/applications/@me`, { headers: { authorization: `Bot ${world.token}` } })
  ).json()) as { id: string };
  const lines = (kind: string) => {
    let text: string;
    try {
      text = readFileSync(log, "utf8");
    } catch {
      return [];
    }
    return text
      .split("\n")
      .filter((l) => l.startsWith(`${kind} `))
      .map((l) => {
        const [, node, ...rest] = l.split(" ");
        return { node: node!, content: rest.join(" ") };
      });
  };
  return {
    redis,
    world,
    log,
    client,
    start: (role, nodeId) =>
      // As an operator would run it: the binary, the bot's built file, flags and environment.
      startClusterProcess(
        {
          bot: BOT,
          role,
          nodeId,
          redisUrl: redis.url,
          world,
          env: { RECORDER_LOG: log, RECORDER_NODE: nodeId },
          readyMs: 20_000,
        },
        (kill) => cleanups.push(kill),
      ),
    done: () => lines("done"),
    started: () => lines("start"),
    async owner() {
      const value = await client.get(`chatbot:${app.id}:gateway:lease`);
      return value === null ? null : value.slice(0, value.lastIndexOf(":"));
    },
  };
}

/** A gateway process, connected, and two worker processes `w1` and `w2`. */
async function gatewayAndTwoWorkers() {
  const h = await harness();
  await h.start("gateway", "gw");
  await h.world.app.connected();
  const workers = new Map([
    ["w1", await h.start("worker", "w1")],
    ["w2", await h.start("worker", "w2")],
  ]);
  return { h, workers };
}

function killed(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once("exit", () => resolve()));
}

describe("a cluster under kill -9", () => {
  it("loses and doubles nothing when the connection's owner is killed in a burst; a standby is READY within 5 s", async () => {
    const h = await harness();
    const first = await h.start("gateway", "gw1");
    await h.world.app.connected();
    await h.start("gateway", "gw2");
    await h.start("worker", "w1");
    await h.start("worker", "w2");
    expect(await h.owner()).toBe("gw1");
    const general = h.world.channels.general;
    const sent: string[] = [];
    let killedAt = 0;
    const before = h.world.running.gateway.connectionOf(h.world.app.id);
    for (let i = 0; i < 40; i++) {
      sent.push(`burst ${i}`);
      await h.world.people.ada.say(general, `burst ${i}`);
      if (i === 15) {
        first.kill("SIGKILL");
        killedAt = Date.now();
        await killed(first);
      }
    }
    // The standby identifies: a new connection of the app, less than 5 s after the kill.
    await expect
      .poll(() => {
        const now = h.world.running.gateway.connectionOf(h.world.app.id);
        return now !== undefined && now !== before;
      })
      .toBe(true);
    const failoverMs = Date.now() - killedAt;
    expect(failoverMs).toBeLessThan(5_000);
    expect(await h.owner()).toBe("gw2");
    sent.push("after");
    await h.world.people.ada.say(general, "after");
    await expect.poll(() => h.done().length, { timeout: 15_000 }).toBe(sent.length);
    const contents = h.done().map((d) => d.content);
    expect(new Set(contents).size).toBe(sent.length);
    expect(contents).toEqual(sent);
  });

  it("hands a killed worker's event to another worker", async () => {
    const { h, workers } = await gatewayAndTwoWorkers();
    await h.world.people.ada.say(h.world.channels.general, "slow one");
    await expect.poll(() => h.started().length).toBe(1);
    const victim = h.started()[0]!.node;
    workers.get(victim)!.kill("SIGKILL");
    await killed(workers.get(victim)!);
    await expect
      .poll(() => h.done(), { timeout: 20_000 })
      .toEqual([{ node: victim === "w1" ? "w2" : "w1", content: "slow one" }]);
  });

  it("a worker stalled past its partition's lease stops before its next entry when it resumes", async () => {
    const { h, workers } = await gatewayAndTwoWorkers();
    const sent = Array.from({ length: 30 }, (_, i) => `busy ${i}`);
    for (const content of sent) await h.world.people.ada.say(h.world.channels.general, content);
    await expect.poll(() => h.started().length).toBeGreaterThan(0);
    const victim = workers.get(h.started()[0]!.node)!;
    // Stalled past the lease (3 heartbeats of 1 s): the other worker takes the partition and what
    // the stalled one read and did not run; then the stalled one wakes up in the middle of a handler.
    victim.kill("SIGSTOP");
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    victim.kill("SIGCONT");
    await expect
      .poll(() => new Set(h.done().map((d) => d.content)).size, { timeout: 20_000 })
      .toBe(sent.length);
    await new Promise((resolve) => setTimeout(resolve, 500));
    // At most the one entry that was running when it stalled ran twice, and at the same time.
    expect(h.done().length).toBeLessThanOrEqual(sent.length + 1);
    // Handlers of one worker that ran while the other worker was running one: at most the one.
    const open = new Map<string, Set<string>>();
    const overlapping = new Set<string>();
    for (const line of readFileSync(h.log, "utf8").split("\n").filter(Boolean)) {
      const [kind, node, ...rest] = line.split(" ");
      const content = `${node} ${rest.join(" ")}`;
      const mine = open.get(node!) ?? new Set<string>();
      open.set(node!, mine);
      if (kind === "done") {
        mine.delete(content);
        continue;
      }
      mine.add(content);
      for (const [other, running] of open) {
        if (other !== node) for (const c of running) overlapping.add(c);
      }
    }
    expect(overlapping.size).toBeLessThanOrEqual(1);
    // Order holds but for that one entry.
    const firsts = [...new Set(h.done().map((d) => d.content))];
    const outOfPlace = firsts.filter((content, i) => content !== sent[i]).length;
    expect(outOfPlace).toBeLessThanOrEqual(2);
  }, 60_000);

  it("goes on through a Redis restart, losing nothing and handling nothing twice", async () => {
    const h = await harness();
    await h.start("both", "n1");
    await h.world.app.connected();
    await h.start("worker", "n2");
    const general = h.world.channels.general;
    await h.world.people.ada.say(general, "one");
    await expect.poll(() => h.done().length).toBe(1);
    await h.redis.stop();
    await h.world.people.ada.say(general, "two");
    await h.world.people.ada.say(general, "three");
    await h.redis.start();
    await h.world.people.ada.say(general, "four");
    // Within a slash command's 3 s once Redis is back: the worker reads again at once, where the
    // read the restart cut off used to hold its loop until the 5 s command timeout.
    await expect
      .poll(() => h.done().map((d) => d.content), { timeout: 3_000 })
      .toEqual(["one", "two", "three", "four"]);
  });
});
