import type { ChildProcess } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CURSOR_KEY_PREFIX, SqliteStore } from "../src/index.js";
import { fixtureProcesses } from "./fixture-processes.js";
import { waitingRecords, world } from "./support.js";

// A conversation across processes as a deployed bot lives: the bot is a real process (plain node on
// the built packages) on an SQLite file, killed (SIGKILL, no stop()) between question and answer.

const { dir, start: startMain } = fixtureProcesses(
  new URL("./fixtures/report-main.mjs", import.meta.url),
  "conversations-process",
);

const killed = (child: ChildProcess) => {
  child.kill("SIGKILL");
  return new Promise((resolve) => child.once("exit", resolve));
};

async function reportWorld(file: string) {
  const w = await world({
    people: ["ada"],
    app: { intents: ["guilds", "guild_messages", "message_content"] },
  });
  const general = w.channel("general");
  const env = {
    CHATBOT_TOKEN: w.token,
    CHATBOT_BASE_URL: w.baseUrl,
    CHATBOT_GATEWAY_URL: w.gatewayUrl,
    REPORT_STORE: join(dir, file),
  };
  return { w, general, env };
}

describe("a conversation across a kill -9", { timeout: 60_000 }, () => {
  it("takes the answer given while no process ran, once, in the next process", async () => {
    const { w, general, env } = await reportWorld("answer.db");
    const first = await startMain(env);
    await w.people.ada.say(general, "!report");
    await w.nextMessage(general, { from: w.app, matching: "What happened?", timeoutMs: 20_000 });
    // Killed once the process has noted "!report" as handled (its channel's cursor, written just
    // after the handler): what comes after it is read back by the next process.
    const kept = new SqliteStore({ path: env.REPORT_STORE });
    await expect.poll(() => kept.get(`${CURSOR_KEY_PREFIX}${general.id}`), { timeout: 10_000 }).toBeDefined();
    await kept.close();
    await killed(first);

    await w.people.ada.say(general, "spam in #general");
    const second = await startMain(env);
    const thanks = await w.nextMessage(general, { from: w.app, matching: "Thanks", timeoutMs: 20_000 });
    expect(thanks.content).toBe(`Thanks (pid ${second.pid}): spam in #general`);
    // A moment for a second answer to show, had there been one to come.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const posted = (await w.people.ada.history(general, { limit: 20 })).filter((m) =>
      m.content.startsWith("Thanks"),
    );
    expect(posted).toHaveLength(1);
    await killed(second);
    const store = new SqliteStore({ path: env.REPORT_STORE });
    // Only the ended mark is left (its job removes it once its last answer is handled for good).
    expect(await waitingRecords(store)).toEqual([]);
    await store.close();
  });

  it("posts the timeout in the next process when it came due while none ran", async () => {
    const { w, general, env } = await reportWorld("timeout.db");
    const first = await startMain({ ...env, REPORT_TIMEOUT: "1500ms" });
    await w.people.ada.say(general, "!report");
    await w.nextMessage(general, { from: w.app, matching: "What happened?", timeoutMs: 20_000 });
    await killed(first);
    await new Promise((resolve) => setTimeout(resolve, 1_600));

    await startMain({ ...env, REPORT_TIMEOUT: "1500ms" });
    const dropped = await w.nextMessage(general, {
      from: w.app,
      matching: "no answer in time",
      timeoutMs: 20_000,
    });
    expect(dropped.content).toBe(`<@${w.people.ada.id}> no answer in time: report dropped.`);
  });
});
