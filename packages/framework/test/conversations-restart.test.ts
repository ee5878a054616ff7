import "@chatbot/testing/vitest";
import { describe, expect, it } from "vitest";
import { CONVERSATION_KEY_PREFIX, defineConversation, type Message, MemoryStore } from "../src/index.js";
import { CancelCommand, setup, SetupCommand } from "./fixtures/setup-conversation.js";
import { botFor, lines, startedBot, waitingRecords, world } from "./support.js";

const intents = ["guilds", "guild_messages", "message_content", "guild_reactions"] as const;

async function setupWorld() {
  const w = await world({
    people: ["ada"],
    channels: { general: {}, "mod-log": {} },
    roles: { mods: [] },
    app: { intents: [...intents] },
  });
  return { w, general: w.channel("general"), modLog: w.channel("mod-log"), mods: w.role("mods") };
}

const definition = { commands: [SetupCommand, CancelCommand], conversations: [setup] };

describe("a conversation across restarts and code changes", () => {
  it("goes on in the next process on the same store, with the answer given while none ran", async () => {
    const { w, general, modLog, mods } = await setupWorld();
    const store = new MemoryStore();
    const first = await startedBot(w, { ...definition, store });
    await (await w.people.ada.use(general, "/setup")).answered();
    await w.people.ada.say(general, `<#${modLog.id}>`);
    await w.nextMessage(general, { from: w.app, matching: "Which roles" });
    await first.bot.stop();

    // Written while no process of the bot runs: the next one reads it back (catch-up) and takes it.
    await w.people.ada.say(general, `<@&${mods.id}>`);
    const second = await startedBot(w, { ...definition, store });
    const confirm = await w.nextMessage(general, { from: w.app, matching: "Save:" });
    expect(confirm.content).toBe(`Save: log <#${modLog.id}>, 1 role(s)?`);
    await w.people.ada.react(confirm, "✅");
    expect((await w.nextMessage(general, { from: w.app })).content).toBe("Saved.");
    await second.bot.idle();
    expect(await store.get(`settings:${w.server.id}`)).toEqual({ logChannel: modLog.id, roles: [mods.id] });
  });

  it("posts the timeout at the next start when it came due while the bot was down", async () => {
    const { w, general } = await setupWorld();
    const store = new MemoryStore();
    const first = await startedBot(w, { ...definition, store });
    await (await w.people.ada.use(general, "/setup")).answered();
    await first.bot.stop();
    await w.clock.advance("15m");

    await startedBot(w, { ...definition, store });
    expect((await w.nextMessage(general, { from: w.app, matching: "timed out" })).content).toBe(
      `<@${w.people.ada.id}> setup timed out at step channel.`,
    );
  });

  it("ends one whose step the new code no longer has, with a message and one log line", async () => {
    const { w, general, modLog } = await setupWorld();
    const store = new MemoryStore();
    const first = await startedBot(w, { ...definition, store });
    await (await w.people.ada.use(general, "/setup")).answered();
    await w.people.ada.say(general, `<#${modLog.id}>`);
    await w.nextMessage(general, { from: w.app, matching: "Which roles" });
    await first.bot.stop();

    // The new code renamed "roles" to "moderators".
    const renamed = defineConversation({
      name: "setup",
      first: "moderators",
      steps: { moderators: { ask: "Moderators?", answer: (_m: Message, c) => c.end("ok") } },
    });
    const second = await startedBot(w, { conversations: [renamed], store });
    await w.people.ada.say(general, "<@&1>");
    expect((await w.nextMessage(general, { from: w.app })).content).toBe(
      `<@${w.people.ada.id}> this conversation ended: the bot was updated since it began and cannot go on with it. Please start it again.`,
    );
    await second.bot.idle();
    expect(lines(second.logger).filter((l) => l.includes("(the bot's code changed"))).toEqual([
      `warn conversation "setup" with user ${w.people.ada.id} in channel ${general.id} ended: its step "roles" no longer exists (the bot's code changed since it began)`,
    ]);
    expect(await waitingRecords(store)).toEqual([]);
  });

  it("ends one whose conversation the new code no longer has when its timeout comes", async () => {
    const { w, general } = await setupWorld();
    const store = new MemoryStore();
    const first = await startedBot(w, { ...definition, store });
    await (await w.people.ada.use(general, "/setup")).answered();
    await first.bot.stop();

    const second = await startedBot(w, { store });
    await w.clock.advance("10m");
    expect((await w.nextMessage(general, { from: w.app, matching: "ended" })).content).toMatch(
      /this conversation ended: the bot was updated/,
    );
    await second.bot.idle();
    expect(lines(second.logger).filter((l) => l.includes("code changed"))).toHaveLength(1);
  });

  it("keeps its stored state the same size through 10,000 wrong answers", async () => {
    const quiz = defineConversation<{ asked: string }>({
      name: "quiz",
      first: "sum",
      steps: {
        sum: {
          ask: "2 + 2?",
          answer: (m, c) => (m.content === "4" ? c.end("Right.") : c.again()),
        },
      },
    });
    const { w, general } = await setupWorld();
    const store = new MemoryStore();
    const { bot } = botFor(w, { conversations: [quiz], store });
    await bot.start();
    const opened = await w.people.ada.say(general, "quiz me");
    const { EventContext } = await import("../src/index.js");
    await quiz.start(new EventContext("MESSAGE_CREATE", opened as never, "0", bot.container), {
      asked: "sum",
    });
    await w.nextMessage(general, { from: w.app, matching: "2 + 2?" });
    const size = async () => {
      const entries = await store.list(CONVERSATION_KEY_PREFIX);
      const jobs = await store.jobs.list();
      return { records: entries.length, jobs: jobs.length, bytes: JSON.stringify(entries[0]?.value).length };
    };
    const before = await size();

    // 10,000 wrong answers, handed to the bot as its gateway connection hands events.
    let id = BigInt(opened.id);
    for (let i = 0; i < 10_000; i++) {
      id += 1n;
      const message = { ...opened, id: String(id), content: `wrong ${i}`, created_at: w.clock.now() };
      await bot.handle({ name: "MESSAGE_CREATE", data: message } as never);
    }
    const after = await size();
    expect(before.records).toBe(1);
    expect(after.records).toBe(1);
    expect(after.jobs).toBe(before.jobs);
    // Only the counters' digits grow (the tries, the version, the last answer's id).
    expect(after.bytes - before.bytes).toBeLessThanOrEqual(8);
    const view = await bot.conversations.get({
      guildId: w.server.id,
      channelId: general.id,
      userId: w.people.ada.id,
    });
    expect(view?.tries).toBe(10_000);
  });

  it("leaves a conversation where it was when the store refuses an answer's write, and takes the next answer", async () => {
    // A real MemoryStore that refuses one write of a conversation, as a full disk would.
    class RefusingStore extends MemoryStore {
      refuse = false;
      override async set<T>(key: string, value: T, options?: { ttlMs?: number }): Promise<void> {
        if (this.refuse && key.startsWith(CONVERSATION_KEY_PREFIX)) {
          this.refuse = false;
          throw new Error("disk full");
        }
        return super.set(key, value, options);
      }
    }
    const { w, general, modLog } = await setupWorld();
    const store = new RefusingStore();
    const { bot, logger } = await startedBot(w, { ...definition, store });
    await (await w.people.ada.use(general, "/setup")).answered();
    // The question went out and is off the record's outbox: the next write of the record is the answer's.
    await bot.idle();
    const place = { guildId: w.server.id, channelId: general.id, userId: w.people.ada.id };
    const before = await bot.conversations.get(place);

    store.refuse = true;
    await w.people.ada.say(general, `<#${modLog.id}>`);
    await bot.idle();
    expect(lines(logger).join("\n")).toMatch(/disk full/);
    // Nothing half-done: memory and the store both still hold the first step, as it was.
    expect(await bot.conversations.get(place)).toEqual(before);
    expect(
      (
        await store.get<{ s: string }>(
          `${CONVERSATION_KEY_PREFIX}${w.server.id}:${general.id}:${w.people.ada.id}`,
        )
      )?.s,
    ).toBe("channel");

    await w.people.ada.say(general, `<#${modLog.id}>`);
    await w.nextMessage(general, { from: w.app, matching: "Which roles" });
    expect((await bot.conversations.get(place))?.step).toBe("roles");
  });
});
