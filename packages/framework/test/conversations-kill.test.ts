import type { ChildProcess } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PROBE_WORLD, runConversationProbe } from "../../../test-support/conversation-probe.js";
import { CONVERSATION_KEY_PREFIX, SqliteStore } from "../src/index.js";
import { fixtureProcesses } from "./fixture-processes.js";
import { world } from "./support.js";

// The kill -9 probe (test-support/conversation-probe.ts) on one bot process: plain node on the
// built packages on an SQLite file (fixtures/probe-main.mjs), SIGKILLed 15 times at drawn instants
// and started again on the same file. 100 conversations; every transcript checked. The seed is
// printed; PROBE_SEED=<n> runs that one again, PROBE_RUNS=<n> runs n seeds in a row.

const { dir, start } = fixtureProcesses(new URL("./fixtures/probe-main.mjs", import.meta.url), "probe");
const TIMEOUT_MS = 8_000;

async function probe(seed: number) {
  const w = await world(PROBE_WORLD);
  const env = {
    CHATBOT_TOKEN: w.token,
    CHATBOT_BASE_URL: w.baseUrl,
    CHATBOT_GATEWAY_URL: w.gatewayUrl,
    PROBE_STORE: join(dir, `probe-${seed}.db`),
    PROBE_JOURNAL: join(dir, `journal-${seed}.log`),
    PROBE_TIMEOUT: `${TIMEOUT_MS}ms`,
  };
  let bot: ChildProcess = await start(env);
  const target = {
    started: 1,
    async kill() {
      bot.kill("SIGKILL");
      if (bot.exitCode === null && bot.signalCode === null)
        await new Promise((resolve) => bot.once("exit", resolve));
    },
    async restart() {
      bot = await start(env);
      this.started += 1;
    },
  };
  const leftWaiting = async () => {
    const store = new SqliteStore({ path: env.PROBE_STORE });
    const left = await store.list<{ x?: 1; o?: unknown[] }>(CONVERSATION_KEY_PREFIX);
    await store.close();
    return left
      .filter(({ value }) => value.x !== 1 || value.o)
      .map(({ key, value }) => `${key} ${JSON.stringify(value)}`);
  };
  try {
    return await runConversationProbe(w, target, {
      seed,
      journal: env.PROBE_JOURNAL,
      timeoutMs: TIMEOUT_MS,
      leftWaiting: async () => (await target.kill(), leftWaiting()),
    });
  } finally {
    await target.kill();
  }
}

describe("conversations through 15 kill -9s of the bot's process", () => {
  const first = Number(process.env.PROBE_SEED ?? Date.now() % 1_000_000);
  const runs = Number(process.env.PROBE_RUNS ?? 1);
  for (let run = 0; run < runs; run++) {
    const seed = first + run;
    it(
      `posts each text exactly once and hands no finished message over again (seed ${seed})`,
      { timeout: 300_000 },
      async () => {
        console.log(`conversations-kill: seed ${seed} (PROBE_SEED=${seed} runs it again)`);
        const result = await probe(seed);
        console.log(
          `conversations-kill: seed ${seed}: ${result.posted} bot messages, ${result.plains} plain messages, ${result.processes} processes, ${result.wrong.length} wrong`,
        );
        expect(result.wrong).toEqual([]);
      },
    );
  }
});
