import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createTestWorld } from "@chatbot/testing";
import { Redis } from "ioredis";
import { afterEach, describe, expect, it } from "vitest";
import { PROBE_WORLD, runConversationProbe } from "../../../test-support/conversation-probe.js";
import { startRedisServer } from "../src/testing/redis-server.js";
import { probeProcesses } from "./cluster-process.js";

// The kill -9 probe (test-support/conversation-probe.ts) on a cluster of real `chatbot-cluster`
// processes on a redis-server of the test's own: one gateway node and two workers, a worker
// SIGKILLed at drawn instants and started again; the conversations' records are in Redis. The seed
// is printed; PROBE_SEED=<n> runs that one again.

const TIMEOUT_MS = 8_000;
const closers: (() => unknown)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await Promise.resolve(close()).catch(() => undefined);
});

describe("conversations on a cluster through kill -9s of its workers", () => {
  const seed = Number(process.env.PROBE_SEED ?? Date.now() % 1_000_000);
  it(
    `posts each text exactly once and hands no finished message over again (seed ${seed})`,
    { timeout: 300_000 },
    async () => {
      console.log(`cluster conversations-kill: seed ${seed} (PROBE_SEED=${seed} runs it again)`);
      const redis = await startRedisServer();
      closers.push(() => redis.close());
      const w = await createTestWorld(PROBE_WORLD);
      closers.push(() => w.close());
      const dir = mkdtempSync(join(tmpdir(), "cluster-probe-"));
      closers.push(() => rmSync(dir, { recursive: true, force: true }));
      const journal = join(dir, "journal.log");

      const start = probeProcesses(
        { redisUrl: redis.url, world: w, journal, timeout: `${TIMEOUT_MS}ms` },
        (kill) => closers.push(kill),
      );
      const workers = new Map([
        ["w1", await start("worker", "w1")],
        ["w2", await start("worker", "w2")],
      ]);
      await start("gateway", "gw1");
      await w.app.connected();

      let dead: string | null = null;
      const target = {
        started: 3,
        async kill(which: number) {
          dead = which % 2 === 0 ? "w1" : "w2";
          const child = workers.get(dead)!;
          child.kill("SIGKILL");
          if (child.exitCode === null && child.signalCode === null)
            await new Promise((resolve) => child.once("exit", resolve));
        },
        async restart() {
          workers.set(dead!, await start("worker", dead!));
          this.started += 1;
        },
      };
      const leftWaiting = async () => {
        const client = new Redis(redis.url);
        try {
          const keys = await client.keys("*chatbot:conversation:*");
          const left: string[] = [];
          for (const key of keys) {
            if ((await client.type(key)) !== "hash") continue;
            const value = JSON.parse((await client.hget(key, "v")) ?? "null") as {
              x?: 1;
              o?: unknown[];
            } | null;
            if (value && (value.x !== 1 || value.o)) left.push(`${key} ${JSON.stringify(value)}`);
          }
          return left;
        } finally {
          client.disconnect();
        }
      };
      const result = await runConversationProbe(w, target, {
        seed,
        conversations: 60,
        kills: 8,
        journal,
        timeoutMs: TIMEOUT_MS,
        leftWaiting,
      });
      console.log(
        `cluster conversations-kill: seed ${seed}: ${result.posted} bot messages, ${result.plains} plain messages, ${result.processes} processes, ${result.wrong.length} wrong`,
      );
      expect(result.wrong).toEqual([]);
    },
  );
});
