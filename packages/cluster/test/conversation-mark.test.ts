import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createTestWorld } from "@chatbot/testing";
import { Redis } from "ioredis";
import { afterEach, expect, it, vi } from "vitest";
import { PROBE_WORLD } from "../../../test-support/conversation-probe.js";
import { partitionOf } from "../src/index.js";
import { startRedisServer } from "../src/testing/redis-server.js";
import { probeProcesses } from "./cluster-process.js";

// A window the cluster's kill probe found: a worker takes a conversation's answer (its record moves
// on) and is killed before it acknowledges the message; another worker ends the conversation by its
// timeout before it takes the partition over, then is handed the answer again. The answer is still
// the conversation's own (the ended record stays a mark meanwhile), so no listener gets it.

const closers: (() => unknown)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await Promise.resolve(close()).catch(() => undefined);
});
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits (up to 20 s) until `read` answers something; vitest's waitUntil, named for its failure. */
const poll = <T>(what: string, read: () => Promise<T | undefined>): Promise<T> =>
  vi
    .waitUntil(read, { timeout: 20_000, interval: 50 })
    .catch((error: unknown) =>
      Promise.reject(new Error(`${what} never came`, { cause: error })),
    ) as Promise<T>;

it("hands no listener the last answer of a conversation that timed out while that answer was unacknowledged", async () => {
  const redis = await startRedisServer();
  closers.push(() => redis.close());
  const w = await createTestWorld(PROBE_WORLD);
  closers.push(() => w.close());
  const dir = mkdtempSync(join(tmpdir(), "cluster-mark-"));
  closers.push(() => rmSync(dir, { recursive: true, force: true }));
  const journal = join(dir, "journal.log");
  writeFileSync(journal, "");
  const client = new Redis(redis.url);
  closers.push(() => client.disconnect());

  const start = probeProcesses({ redisUrl: redis.url, world: w, journal, timeout: "600ms" }, (kill) =>
    closers.push(kill),
  );
  const workers = new Map([
    ["w1", await start("worker", "w1")],
    ["w2", await start("worker", "w2")],
  ]);
  await start("gateway", "gw1");
  await w.app.connected();

  const server = w.servers.s1!;
  const channel = server.channels.c1!;
  const person = w.people.p0!;
  const texts = async () =>
    (await person.history(channel, { limit: 100 }))
      .filter((m) => m.author.id === w.app.userId)
      .map((m) => m.content);
  const seen = (text: string) => poll(text, async () => ((await texts()).includes(text) ? true : undefined));

  /** Waits until the conversation's record in Redis is as `wanted` says. */
  const recordWhere = (what: string, wanted: (r: { s?: string; o?: unknown }) => boolean) =>
    poll(what, async () => {
      for (const key of await client.keys("*chatbot:conversation:*")) {
        if ((await client.type(key)) !== "hash") continue;
        const value = JSON.parse((await client.hget(key, "v")) ?? "null") as { s?: string } | null;
        if (value && wanted(value)) return true;
      }
      return undefined;
    });

  await person.use(channel, "/survey", { tag: "m" });
  await seen("[m] question a");
  // Answered once its record knows the question went out (another window, noted on the issue: an
  // answer that comes before the worker that ran the command took its outbox off may be missed).
  await recordWhere("the first question confirmed", (r) => r.s === "a" && r.o === undefined);
  await person.say(channel, "answer m a");
  await seen("[m] question b");

  // The next question's post waits, so the worker that takes the answer has not acknowledged it
  // when it is killed, right after the record moved to the last step.
  await w.faults.latency(30_000, { method: "POST", pathPrefix: "/v1/channels/", count: 1 });
  await person.say(channel, "answer m b");
  await recordWhere("the record at step c", (r) => r.s === "c");
  const partition = partitionOf(server.id, 16);
  const [leaseKey] = await client.keys(`*:partition:${partition}`);
  const owner = (await client.get(leaseKey!))!.split(":")[0]!;
  const killed = workers.get(owner)!;
  killed.kill("SIGKILL");
  if (killed.exitCode === null && killed.signalCode === null)
    await new Promise((resolve) => killed.once("exit", resolve));
  await w.faults.clear();

  // The other worker runs the timeout (600 ms after the answer) while the killed one's partition
  // lease (3 s) still stands; then it takes the partition and is handed the answer again.
  await seen("[m] timed out at c");
  const stream = (await client.keys(`*:events:${partition}`))[0]!;
  await poll("the answer acknowledged by the other worker", async () => {
    const [pending] = (await client.xpending(stream, "workers")) as [number];
    return pending === 0 && (await client.get(leaseKey!))?.startsWith(owner) === false ? true : undefined;
  });
  await sleep(500);
  expect(
    readFileSync(journal, "utf8")
      .split("\n")
      .filter((l) => l.includes(" answer ")),
  ).toEqual([]);
  const said = await texts();
  expect(said.filter((t) => t === "[m] timed out at c")).toHaveLength(1);
}, 90_000);
