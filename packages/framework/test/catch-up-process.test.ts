import type { ChildProcess } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CURSOR_KEY_PREFIX, SqliteStore } from "../src/index.js";
import { fixtureProcesses } from "./fixture-processes.js";
import { world } from "./support.js";

// Catching up across processes as a deployed bot lives: a bot killed (SIGKILL, no stop()) in the
// middle of a burst, and a new process on the same SQLite file. The bot is a real process (plain
// node on the built packages).

const { dir, start: startMain } = fixtureProcesses(
  new URL("./fixtures/catch-up-main.mjs", import.meta.url),
  "catch-up-process",
);

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once("exit", resolve));

describe("catching up after a kill -9", () => {
  it("a new process on the same store handles every message of the burst, each once", async () => {
    const w = await world({
      people: ["ada"],
      channels: { general: {}, log: {} },
      app: { intents: ["guilds", "guild_messages", "message_content"] },
    });
    const general = w.channel("general");
    const log = w.channel("log");
    const env = {
      CHATBOT_TOKEN: w.token,
      CHATBOT_BASE_URL: w.baseUrl,
      CHATBOT_GATEWAY_URL: w.gatewayUrl,
      CATCH_UP_STORE: join(dir, "killed.db"),
      CATCH_UP_LOG: log.id,
      CATCH_UP_HANDLER_MS: "25",
    };
    const ada = w.people.ada;
    const handled = async () => (await ada.history(log, { limit: 100 })).map((m) => m.content).reverse();

    const first = await startMain(env);
    const burst = Array.from({ length: 40 }, (_, i) => `m${i + 1}`);
    for (const content of burst) await ada.say(general, content);
    // Killed with most of the burst received and not handled yet, well before its 5-s snapshot.
    await expect.poll(async () => (await handled()).length, { timeout: 20_000 }).toBeGreaterThanOrEqual(8);
    first.kill("SIGKILL");
    await exited(first);
    const before = (await handled()).length;
    expect(before).toBeLessThan(burst.length);

    await startMain(env);
    await expect
      .poll(async () => new Set((await handled()).map((line) => line.split(" ")[1])).size, {
        timeout: 20_000,
      })
      .toBe(burst.length);
    // A moment for duplicates to show, had there been any to come.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const lines = await handled();
    const times = new Map<string, number>();
    for (const line of lines) {
      const content = line.split(" ")[1]!;
      times.set(content, (times.get(content) ?? 0) + 1);
    }
    // Each once; only the message whose handler ran at the moment of the kill may run twice.
    const twice = [...times].filter(([, n]) => n > 1);
    expect(twice.length).toBeLessThanOrEqual(1);
    expect(twice.every(([, n]) => n === 2)).toBe(true);
    expect(lines.slice(before).some((line) => line.endsWith(" recovered"))).toBe(true);
  });
});

const { dir: finishedDir, start: startFinished } = fixtureProcesses(
  new URL("./fixtures/finished-main.mjs", import.meta.url),
  "finished-process",
);

describe("what a kill -9 leaves half-handled", () => {
  it("runs again only the message whose handler had not finished, told it is redelivered", async () => {
    const w = await world({
      people: ["ada"],
      app: { intents: ["guilds", "guild_messages", "message_content"] },
    });
    const general = w.channel("general");
    const journal = join(finishedDir, "journal.log");
    writeFileSync(journal, "");
    const env = {
      CHATBOT_TOKEN: w.token,
      CHATBOT_BASE_URL: w.baseUrl,
      CHATBOT_GATEWAY_URL: w.gatewayUrl,
      FINISHED_STORE: join(finishedDir, "finished.db"),
      FINISHED_JOURNAL: journal,
    };
    const read = () =>
      readFileSync(journal, "utf8")
        .trim()
        .split("\n")
        .filter(Boolean)
        .map((line) => line.split(" ") as [string, string, string]);

    const first = await startFinished(env);
    await w.people.ada.say(general, "before");
    await w.people.ada.say(general, "hold");
    for (const word of ["after1", "after2", "after3"]) await w.people.ada.say(general, word);
    // The channel's cursor stays before "hold"; the three after it finished, and its record says so.
    await expect.poll(() => read().length, { timeout: 20_000 }).toBe(5);
    const cursor = `${CURSOR_KEY_PREFIX}${general.id}`;
    await expect
      .poll(
        async () => {
          const store = new SqliteStore({ path: env.FINISHED_STORE });
          const kept = await store.get<{ f?: string[] }>(cursor);
          await store.close();
          return kept?.f?.length ?? 0;
        },
        { timeout: 10_000 },
      )
      .toBe(3);
    first.kill("SIGKILL");
    await exited(first);

    const second = await startFinished(env);
    await w.people.ada.say(general, "later");
    await expect.poll(() => read().length, { timeout: 20_000 }).toBe(7);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const lines = read();
    expect(lines.slice(5)).toEqual([
      [String(second.pid), "hold", "true"],
      [String(second.pid), "later", "false"],
    ]);
  });
});
