import type { ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { createTestWorld } from "@chatbot/testing";
import { afterEach, describe, expect, it } from "vitest";
import { startRedisServer } from "../src/testing/redis-server.js";
import { startClusterProcess } from "./cluster-process.js";

// Conversations on a cluster of real `chatbot-cluster` processes on a redis-server of the test's
// own: the worker holding the server's partition is killed (kill -9) between a question and its
// answer; the partition moves, and the answer reaches the conversation on the other worker, once.

const BOT = fileURLToPath(new URL("./fixtures/conversation-bot.mjs", import.meta.url));
const closers: (() => unknown)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await Promise.resolve(close()).catch(() => undefined);
});

interface Node {
  readonly id: string;
  readonly child: ChildProcess;
}

describe("conversations on a cluster", () => {
  it(
    "a conversation outlives the kill -9 of its partition's worker, and its timeout fires once",
    { timeout: 120_000 },
    async () => {
      const redis = await startRedisServer();
      closers.push(() => redis.close());
      const world = await createTestWorld({ people: ["ada", "bob"], rateLimits: false });
      closers.push(() => world.close());
      // The world's clock follows real time here, as the processes' own clocks do.
      const ticking = setInterval(() => world.clock.advance(250), 250);
      closers.push(() => clearInterval(ticking));
      const start = async (role: "gateway" | "worker", id: string): Promise<Node> => {
        const child = await startClusterProcess(
          {
            bot: BOT,
            role,
            nodeId: id,
            redisUrl: redis.url,
            world,
            env: { RECORDER_NODE: id, QUICK_TIMEOUT: "6s" },
          },
          (kill) => closers.push(kill),
        );
        return { id, child };
      };
      const workers = [await start("worker", "w1"), await start("worker", "w2")];
      await start("gateway", "gw1");
      await world.app.connected();
      const general = world.channels.general!;
      const { ada, bob } = world.people;
      const from = { from: world.app, timeoutMs: 30_000 };

      await ada.say(general, "!report");
      await world.nextMessage(general, { ...from, matching: "What happened?" });
      await bob.say(general, "!quick");
      // The holder is the one that asked last: w2 takes its share of the partitions a moment after
      // it joins, and that can fall between the two commands.
      const quick = await world.nextMessage(general, { ...from, matching: "Quick?" });
      const holder = /\((w\d)\)$/.exec(quick.content)![1]!;

      // The worker holding the server's partition dies between the question and the answer.
      const dead = workers.find((w) => w.id === holder)!;
      const alive = workers.find((w) => w.id !== holder)!;
      dead.child.kill("SIGKILL");
      await new Promise((resolve) => dead.child.once("exit", resolve));

      await ada.say(general, "spam");
      const where = await world.nextMessage(general, { ...from, matching: "Where did" });
      expect(where.content).toBe(`Where did "spam" happen? (${alive.id})`);
      await ada.say(general, "#general");
      expect((await world.nextMessage(general, { ...from, matching: "Thanks" })).content).toBe(
        `Thanks (${alive.id}): spam in #general`,
      );
      const timedOut = await world.nextMessage(general, { ...from, matching: "no answer to quick" });
      expect(timedOut.content).toBe(`no answer to quick (${alive.id})`);

      // A moment for a second answer or timeout to show, had there been one to come.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      const posted = (await ada.history(general, { limit: 50 })).map((m) => m.content);
      expect(posted.filter((c) => c.startsWith("Where did"))).toHaveLength(1);
      expect(posted.filter((c) => c.startsWith("Thanks"))).toHaveLength(1);
      expect(posted.filter((c) => c.startsWith("no answer to quick"))).toHaveLength(1);
    },
  );
});
