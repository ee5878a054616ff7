import "@chatbot/testing/vitest";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  CONVERSATION_KEY_PREFIX,
  CONVERSATION_TIMEOUT_JOB,
  defineConversation,
  Listener,
  MemoryStore,
  SqliteStore,
  On,
  type Message,
} from "../src/index.js";
import { CancelCommand, setup, SetupCommand } from "./fixtures/setup-conversation.js";
import { lines, startedBot, waitingRecords, world } from "./support.js";

const dir = mkdtempSync(join(tmpdir(), "conversations-test-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;

const intents = ["guilds", "guild_messages", "message_content", "guild_reactions"] as const;
const definition = { commands: [SetupCommand, CancelCommand], conversations: [setup] };

async function setupWorld() {
  const w = await world({
    people: ["ada", "bob"],
    channels: { general: {}, "mod-log": {} },
    roles: { mods: [] },
    app: { intents: [...intents] },
  });
  return { w, general: w.channel("general"), modLog: w.channel("mod-log"), mods: w.role("mods") };
}

/** A listener that keeps the text of every person's message it is handed (not the bot's). */
function hearing() {
  const heard: string[] = [];
  @Listener()
  class Heard {
    @On("MESSAGE_CREATE")
    heard(message: Message) {
      if (!message.author.bot) heard.push(message.content);
    }
  }
  return { Heard, heard };
}

/**
 * Two steps: "first" (taking 100 ms to handle), then "second", which ends it with "Got second.":
 * for answers that come while the one before is still being handled.
 */
function firstThenSecond() {
  return defineConversation({
    name: "pair",
    first: "one",
    steps: {
      one: {
        ask: "",
        matching: /^first$/,
        answer: async (_m, c) => (await new Promise((resolve) => setTimeout(resolve, 100)), c.next("two")),
      },
      two: { ask: "", matching: /^second$/, answer: (m, c) => c.end(`Got ${m.content}.`) },
    },
  });
}

describe("a conversation in one process", () => {
  it("asks, takes answers in turn, sends wrong ones back, and ends on a reaction", async () => {
    const { w, general, modLog, mods } = await setupWorld();
    const { bot } = await startedBot(w, { ...definition, store: new MemoryStore() });
    const { ada } = w.people;

    const use = await (await ada.use(general, "/setup")).answered();
    expect(use.answer?.content).toBe("Which channel gets the log? Mention it.");

    await ada.say(general, "the log one");
    expect((await w.nextMessage(general, { from: w.app })).content).toBe(
      "That is no channel (try 1); mention one like #general.",
    );
    await ada.say(general, `<#${modLog.id}> please`);
    const roles = await w.nextMessage(general, { from: w.app });
    expect(roles.content).toBe(`Log goes to <#${modLog.id}>. Which roles moderate? Mention them.`);
    // Later questions are plain messages of the channel, not follow-ups of the interaction.
    expect(roles.interaction ?? null).toBeNull();

    await ada.say(general, `<@&${mods.id}>`);
    const confirm = await w.nextMessage(general, { from: w.app, matching: "Save:" });
    expect(confirm.content).toBe(`Save: log <#${modLog.id}>, 1 role(s)?`);
    await ada.react(confirm, "✅");
    expect((await w.nextMessage(general, { from: w.app })).content).toBe("Saved.");

    await bot.idle();
    expect(await bot.store.get(`settings:${w.server.id}`)).toEqual({
      logChannel: modLog.id,
      roles: [mods.id],
    });
    // What is left is the ended mark, which goes once its last answer is handled for good.
    expect(await waitingRecords(bot.store)).toEqual([]);
    await w.clock.advance("31s");
    await bot.idle();
    expect(await bot.store.list(CONVERSATION_KEY_PREFIX)).toEqual([]);
    expect(await bot.scheduler.list()).toEqual([]);
  });

  it("posts the timeout message when the clock passes the question's time, with nobody writing", async () => {
    const { w, general } = await setupWorld();
    const { bot } = await startedBot(w, definition);
    await (await w.people.ada.use(general, "/setup")).answered();
    await bot.idle();
    expect((await bot.scheduler.list()).map((j) => j.name)).toEqual([CONVERSATION_TIMEOUT_JOB]);

    await w.clock.advance("9m");
    await bot.idle();
    expect(
      await bot.conversations.get({ guildId: w.server.id, channelId: general.id, userId: w.people.ada.id }),
    ).not.toBeNull();
    await w.clock.advance("1m");
    const ended = await w.nextMessage(general, { from: w.app, matching: "timed out" });
    expect(ended.content).toBe(`<@${w.people.ada.id}> setup timed out at step channel.`);
    await bot.idle();
    // What is left is the ended mark, which goes once its last answer is handled for good.
    expect(await waitingRecords(bot.store)).toEqual([]);
    await w.clock.advance("31s");
    await bot.idle();
    expect(await bot.store.list(CONVERSATION_KEY_PREFIX)).toEqual([]);
  });

  it.each([
    ["MemoryStore", () => new MemoryStore()],
    ["SqliteStore", () => new SqliteStore({ path: join(dir, `idle-${++files}.db`) })],
  ])(
    "gives each answer the question's whole time again: the timeout job moves itself later (%s)",
    async (_name, make) => {
      const { w, general } = await setupWorld();
      const store = make();
      const { bot } = await startedBot(w, { ...definition, store });
      const place = { guildId: w.server.id, channelId: general.id, userId: w.people.ada.id };
      await (await w.people.ada.use(general, "/setup")).answered();
      await w.clock.advance("9m");
      await w.people.ada.say(general, "not a channel");
      await w.nextMessage(general, { from: w.app, matching: "That is no channel" });
      await bot.idle();
      // Past the first deadline: the job ran, found the later one, and moved there.
      await w.clock.advance("2m");
      await bot.idle();
      expect((await bot.conversations.get(place))?.tries).toBe(1);
      expect((await bot.scheduler.list()).map((j) => j.dueAt)).toEqual([
        (await bot.conversations.get(place))!.deadline,
      ]);
      await w.clock.advance("8m");
      expect((await w.nextMessage(general, { from: w.app, matching: "timed out" })).content).toMatch(
        /setup timed out/,
      );
      await bot.idle();
      expect(await bot.conversations.get(place)).toBeNull();
      await bot.stop();
      await store.close();
    },
  );

  it("keeps one conversation per person and channel, and hands each answer to its own person's", async () => {
    const { w, general, modLog } = await setupWorld();
    const { bot } = await startedBot(w, definition);
    const { ada, bob } = w.people;
    await (await ada.use(general, "/setup")).answered();
    const again = await (await ada.use(general, "/setup")).answered();
    expect(again).toHaveAnswered({
      ephemeral: true,
      content: 'You are in the middle of "setup" here: answer it, or say "cancel" first.',
    });
    await (await bob.use(general, "/setup")).answered();

    await bob.say(general, `<#${modLog.id}>`);
    expect((await w.nextMessage(general, { from: w.app })).content).toMatch(/^Log goes to/);
    await bot.idle();
    const place = { guildId: w.server.id, channelId: general.id };
    expect((await bot.conversations.get({ ...place, userId: ada.id }))?.step).toBe("channel");
    expect((await bot.conversations.get({ ...place, userId: bob.id }))?.step).toBe("roles");

    await ada.say(general, "Cancel");
    expect((await w.nextMessage(general, { from: w.app })).content).toBe("Setup cancelled.");
    const cancel = await (await bob.use(general, "/cancel")).answered();
    expect(cancel.answer?.content).toBe("Setup stopped by /cancel.");
    await bot.idle();
    // What is left is the ended mark, which goes once its last answer is handled for good.
    expect(await waitingRecords(bot.store)).toEqual([]);
    await w.clock.advance("31s");
    await bot.idle();
    expect(await bot.store.list(CONVERSATION_KEY_PREFIX)).toEqual([]);
  });

  it("keeps answers from the listeners unless the conversation says otherwise", async () => {
    const { Heard, heard } = hearing();
    const open = defineConversation({
      name: "open",
      first: "one",
      listenersSeeAnswers: true,
      steps: { one: { ask: "One?", answer: (m, c) => c.end(`Got ${m.content}.`) } },
    });
    const { w, general, modLog } = await setupWorld();
    const { bot } = await startedBot(w, { ...definition, listeners: [Heard], conversations: [setup, open] });
    await (await w.people.ada.use(general, "/setup")).answered();
    await w.people.ada.say(general, `<#${modLog.id}>`);
    await w.nextMessage(general, { from: w.app });
    await w.people.bob.say(general, "not in a conversation");
    await bot.idle();
    expect(heard).toEqual(["not in a conversation"]);

    const says = await w.people.bob.say(general, "start open");
    // Started from a listener's context: the person who wrote, in that channel.
    const { EventContext } = await import("../src/index.js");
    await open.start(new EventContext("MESSAGE_CREATE", says as never, "0", bot.container));
    expect((await w.nextMessage(general, { from: w.app })).content).toBe("One?");
    await w.people.bob.say(general, "two");
    expect((await w.nextMessage(general, { from: w.app })).content).toBe("Got two.");
    await bot.idle();
    expect(heard).toEqual(["not in a conversation", "start open", "two"]);
  });

  it("takes only a matching message, or only a reply to the question, when a step says so", async () => {
    const pick = defineConversation({
      name: "pick",
      first: "number",
      steps: {
        number: {
          ask: "A number?",
          matching: /^\d+$/,
          answer: (m, c) => c.next("reply", { n: Number(m.content) }),
        },
        reply: {
          ask: "Reply to this message to confirm.",
          replyOnly: true,
          answer: (m, c) => c.end(`Confirmed ${String(c.data.n)} with "${m.content}".`),
        },
      },
    });
    const { w, general } = await setupWorld();
    const { bot } = await startedBot(w, { conversations: [pick] });
    const said = await w.people.ada.say(general, "go");
    const { EventContext } = await import("../src/index.js");
    await pick.start(new EventContext("MESSAGE_CREATE", said as never, "0", bot.container));
    await w.nextMessage(general, { from: w.app, matching: "A number?" });
    await w.people.ada.say(general, "seven");
    await w.people.ada.say(general, "7");
    const question = await w.nextMessage(general, { from: w.app, matching: "Reply to this" });
    await w.people.ada.say(general, "yes");
    await w.people.ada.say(general, "yes!", { replyTo: question });
    expect((await w.nextMessage(general, { from: w.app })).content).toBe('Confirmed 7 with "yes!".');
  });

  it("takes a message that the answer before it, still being handled, made an answer", async () => {
    // "second" matches only the step "first" leads to, and comes while "first" is handled: it must
    // wait for it in the server's queue, not be judged against the step before and passed on.
    const { Heard, heard } = hearing();
    const pair = firstThenSecond();
    const { w, general } = await setupWorld();
    const { bot } = await startedBot(w, { conversations: [pair], listeners: [Heard] });
    const said = await w.people.ada.say(general, "go");
    const { EventContext } = await import("../src/index.js");
    await pair.start(new EventContext("MESSAGE_CREATE", said as never, "0", bot.container));
    await w.people.ada.say(general, "first");
    await w.people.ada.say(general, "second");
    expect((await w.nextMessage(general, { from: w.app })).content).toBe("Got second.");
    await bot.idle();
    expect(heard).toEqual(["go"]);
  });

  it("takes the next answer while a listener handed the message before it still runs", async () => {
    // "slow" comes while "first" is handled, so it is offered to the conversation in the server's
    // queue; its listener (not ordered) then runs beside the queue, never holding "second" back.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const started: string[] = [];
    @Listener()
    class Slow {
      @On("MESSAGE_CREATE")
      async heard(message: Message) {
        if (message.content !== "slow") return;
        started.push(message.content);
        await gate;
      }
    }
    const pair = firstThenSecond();
    const { w, general } = await setupWorld();
    const { bot } = await startedBot(w, { conversations: [pair], listeners: [Slow] });
    const said = await w.people.ada.say(general, "go");
    const { EventContext } = await import("../src/index.js");
    await pair.start(new EventContext("MESSAGE_CREATE", said as never, "0", bot.container));
    await w.people.ada.say(general, "first");
    await w.people.ada.say(general, "slow");
    await w.people.ada.say(general, "second");
    try {
      expect((await w.nextMessage(general, { from: w.app, timeoutMs: 5_000 })).content).toBe("Got second.");
      expect(started).toEqual(["slow"]);
    } finally {
      release();
    }
    await bot.idle();
  });

  it("asks for the intents its steps need, and warns at start where the install does not grant them", async () => {
    const w = await world({ people: ["ada"], app: { intents: ["guilds", "guild_messages"] } });
    const { bot, logger } = await startedBot(w, definition);
    expect(bot.intents).toEqual([
      "guild_expressions",
      "guild_messages",
      "guild_reactions",
      "guilds",
      "message_content",
    ]);
    expect(lines(logger).filter((l) => l.startsWith("warn conversations"))).toEqual([
      `warn conversations "setup" cannot hear every answer: in server "${w.server.name}" (${w.server.id}) the install does not grant message_content (an answer's text arrives empty unless it mentions the bot), guild_reactions (no answer by reaction arrives). Ask the server to grant the intent.`,
    ]);
  });
});
