import type { ChildProcess } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CONVERSATION_KEY_PREFIX, SqliteStore } from "../src/index.js";
import { fixtureProcesses } from "./fixture-processes.js";
import { world } from "./support.js";

// The two windows a kill -9 used to leave in a conversation, each opened on purpose: the bot (a
// real process on an SQLite file, test/fixtures/probe-main.mjs) is killed while its post waits on a
// latency fault, after the store took the write that decided the post.

const { dir, start } = fixtureProcesses(new URL("./fixtures/probe-main.mjs", import.meta.url), "outbox");
const killed = (child: ChildProcess) => {
  child.kill("SIGKILL");
  return new Promise((resolve) => child.once("exit", resolve));
};

async function probeWorld(name: string) {
  const w = await world({
    people: ["ada"],
    app: { intents: ["guilds", "guild_messages", "message_content"] },
  });
  const journal = join(dir, `${name}.log`);
  writeFileSync(journal, "");
  const env = {
    CHATBOT_TOKEN: w.token,
    CHATBOT_BASE_URL: w.baseUrl,
    CHATBOT_GATEWAY_URL: w.gatewayUrl,
    PROBE_STORE: join(dir, `${name}.db`),
    PROBE_JOURNAL: journal,
    PROBE_TIMEOUT: "10m",
  };
  const records = async () => {
    const store = new SqliteStore({ path: env.PROBE_STORE });
    try {
      return (await store.list<{ x?: 1; o?: { b: { content?: string } }[] }>(CONVERSATION_KEY_PREFIX)).map(
        (e) => e.value,
      );
    } finally {
      await store.close();
    }
  };
  const botTexts = async () =>
    (await w.people.ada.history(w.channel("general"), { limit: 100 }))
      .filter((m) => m.author.id === w.app.userId)
      .map((m) => m.content)
      .reverse();
  return {
    w,
    general: w.channel("general"),
    env,
    records,
    botTexts,
    journal: () => readFileSync(journal, "utf8"),
  };
}

describe("a conversation's posts across a kill -9 while one waits", { timeout: 60_000 }, () => {
  it("posts the end text once in the next process, and the last answer never reaches the listeners", async () => {
    const { w, general, env, records, botTexts, journal } = await probeWorld("end-text");
    const first = await start(env);
    await (await w.people.ada.use(general, "/survey", { tag: "e" })).answered({ timeoutMs: 20_000 });
    await w.people.ada.say(general, "answer e a");
    await w.nextMessage(general, { from: w.app, matching: "[e] question b", timeoutMs: 20_000 });
    await w.people.ada.say(general, "answer e b");
    await w.nextMessage(general, { from: w.app, matching: "[e] question c", timeoutMs: 20_000 });
    // The end text's post waits (the world's clock does not move), after the write that decided it.
    await w.faults.latency(6_000, { method: "POST", pathPrefix: "/v1/channels/", count: 1 });
    await w.people.ada.say(general, "answer e c");
    await expect
      .poll(async () => (await records()).some((r) => r.x === 1 && r.o?.[0]?.b.content === "[e] done"), {
        timeout: 10_000,
      })
      .toBe(true);
    await killed(first);
    await w.faults.clear();

    await start(env);
    await w.nextMessage(general, { from: w.app, matching: "[e] done", timeoutMs: 20_000 });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await botTexts()).toEqual(["[e] question a", "[e] question b", "[e] question c", "[e] done"]);
    expect(
      journal()
        .split("\n")
        .filter((l) => l.includes(" answer ")),
    ).toEqual([]);
    expect((await records()).filter((r) => r.x !== 1 || r.o)).toEqual([]);
  });

  it("drops a conversation whose first question never went out, and the command starts afresh", async () => {
    const { w, general, env, records, botTexts } = await probeWorld("first-question");
    const first = await start(env);
    // The command's answer waits; the record that decided it is written first.
    await w.faults.latency(6_000, { method: "POST", pathPrefix: "/v1/interactions/", count: 1 });
    const lost = await w.people.ada.use(general, "/survey", { tag: "f" });
    await expect.poll(async () => (await records()).length, { timeout: 10_000 }).toBe(1);
    await killed(first);
    await w.faults.clear();
    await w.clock.advance(3_500);
    expect(lost.toJSON().state).toBe("unanswered");

    await start(env);
    // The person was never asked: using the command again asks, instead of "you are in the middle".
    const again = await (
      await w.people.ada.use(general, "/survey", { tag: "g" })
    ).answered({ timeoutMs: 20_000 });
    expect(again.toJSON().messages.map((m) => m.content)).toEqual(["[g] question a"]);
    await w.people.ada.say(general, "answer g a");
    await w.nextMessage(general, { from: w.app, matching: "[g] question b", timeoutMs: 20_000 });
    expect((await botTexts()).filter((t) => t.startsWith("[f]"))).toEqual([]);
  });

  it("hands a message of the person's that was still running when the conversation ended to the listeners again", async () => {
    const { w, general, env, journal } = await probeWorld("ended-mark");
    const first = await start(env);
    await (await w.people.ada.use(general, "/survey", { tag: "m" })).answered({ timeoutMs: 20_000 });
    await w.people.ada.say(general, "answer m a");
    await w.nextMessage(general, { from: w.app, matching: "[m] question b", timeoutMs: 20_000 });
    await w.people.ada.say(general, "answer m b");
    await w.nextMessage(general, { from: w.app, matching: "[m] question c", timeoutMs: 20_000 });
    // A plain message whose handler runs a minute (still running at the kill, however slow the
    // machine), then the answer that ends the conversation.
    const plain = await w.people.ada.say(general, "plain m 60000");
    await w.people.ada.say(general, "answer m c");
    await w.nextMessage(general, { from: w.app, matching: "[m] done", timeoutMs: 20_000 });
    await expect.poll(() => journal(), { timeout: 10_000 }).toContain(`begin ${plain.id}`);
    await killed(first);

    // The next process reads it back (it had not finished): it is the listeners', not the ended
    // conversation's, whose only message is the answer that ended it.
    const second = await start(env);
    await expect.poll(() => journal(), { timeout: 20_000 }).toContain(`${second.pid} begin ${plain.id}`);
    expect(journal()).not.toContain(`end ${plain.id}`);
  });
});
