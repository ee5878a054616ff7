import "@chatbot/testing/vitest";
import { describe, expect, it } from "vitest";
import { type EventContext, type EventPayload, MemoryStore, On } from "../src/index.js";
import { botFor, lines, world } from "./support.js";

const seen: string[] = [];

class Log {
  @On("MESSAGE_CREATE")
  heard(message: EventPayload<"MESSAGE_CREATE">, ctx: EventContext<"MESSAGE_CREATE">) {
    if (!message.author.bot) seen.push(`${message.content}${ctx.recovered ? " (recovered)" : ""}`);
  }
}

async function setUp() {
  seen.length = 0;
  const w = await world({
    people: ["alice"],
    app: { intents: ["guilds", "guild_messages", "message_content"] },
  });
  // One store for both processes of the bot, as one SQLite file would be.
  const store = new MemoryStore({ clock: w.clock });
  return { w, store };
}

describe("catching up after a restart", () => {
  it("a new process reads back what was posted while none was connected, once each", async () => {
    const { w, store } = await setUp();
    const first = botFor(w, { listeners: [Log], messageContent: true, store });
    await first.bot.start();
    await w.people.alice.say(w.channels.general, "one");
    await expect.poll(() => seen).toEqual(["one"]);
    await first.bot.stop();

    await w.people.alice.say(w.channels.general, "while down 1");
    await w.people.alice.say(w.channels.general, "while down 2");
    const second = botFor(w, { listeners: [Log], messageContent: true, store });
    await second.bot.start();
    await w.people.alice.say(w.channels.general, "two");
    await expect
      .poll(() => seen)
      .toEqual(["one", "while down 1 (recovered)", "while down 2 (recovered)", "two"]);
    expect(lines(second.logger)).toContainEqual(
      "info gateway: reading back what was posted since the last process (1 channel cursor(s))",
    );
    // A restart, not a drop: the log says so.
    expect(lines(second.logger)).toContainEqual(
      expect.stringMatching(
        /^info gateway: recovered 2 message\(s\) posted while no process of the bot ran, in \d+ ms$/,
      ),
    );
  });

  it("is off with catchUp: false, and without a store of the caller's", async () => {
    const { w, store } = await setUp();
    const first = botFor(w, { listeners: [Log], messageContent: true, store, catchUp: false });
    await first.bot.start();
    await w.people.alice.say(w.channels.general, "one");
    await expect.poll(() => seen).toEqual(["one"]);
    await first.bot.stop();
    await w.people.alice.say(w.channels.general, "while down");
    const second = botFor(w, { listeners: [Log], messageContent: true });
    await second.bot.start();
    await w.people.alice.say(w.channels.general, "two");
    await expect.poll(() => seen).toEqual(["one", "two"]);
  });

  it("a bot's first start ever (nothing in its store) reads nothing back", async () => {
    const { w, store } = await setUp();
    await w.people.alice.say(w.channels.general, "before the bot");
    const { bot, logger } = botFor(w, { listeners: [Log], messageContent: true, store });
    await bot.start();
    await w.people.alice.say(w.channels.general, "live");
    await expect.poll(() => seen).toEqual(["live"]);
    expect(lines(logger).some((line) => line.includes("reading back"))).toBe(false);
  });

  it("reads back at most maxMessagesPerChannel per channel, and says so once per channel", async () => {
    const { w, store } = await setUp();
    const gateway = { recovery: { maxMessagesPerChannel: 2 } };
    const first = botFor(w, { listeners: [Log], messageContent: true, store, gateway });
    await first.bot.start();
    await w.people.alice.say(w.channels.general, "one");
    await expect.poll(() => seen).toEqual(["one"]);
    await first.bot.stop();

    for (const n of [1, 2, 3]) await w.people.alice.say(w.channels.general, `while down ${n}`);
    const second = botFor(w, { listeners: [Log], messageContent: true, store, gateway });
    await second.bot.start();
    await expect.poll(() => seen).toEqual(["one", "while down 2 (recovered)", "while down 3 (recovered)"]);
    expect(lines(second.logger).filter((line) => line.startsWith("warn"))).toEqual([
      `warn gateway: recovery of channel ${w.channels.general.id} skipped: more messages were missed than recovery reads (recovery.maxMessagesPerChannel: 2; the newest were kept)`,
    ]);
  });

  it("reads back exactly maxMessagesPerChannel without a word: only more than it is a skip", async () => {
    const { w, store } = await setUp();
    const gateway = { recovery: { maxMessagesPerChannel: 2 } };
    const first = botFor(w, { listeners: [Log], messageContent: true, store, gateway });
    await first.bot.start();
    await w.people.alice.say(w.channels.general, "one");
    await expect.poll(() => seen).toEqual(["one"]);
    await first.bot.stop();

    for (const n of [1, 2]) await w.people.alice.say(w.channels.general, `while down ${n}`);
    const second = botFor(w, { listeners: [Log], messageContent: true, store, gateway });
    await second.bot.start();
    await expect.poll(() => seen).toEqual(["one", "while down 1 (recovered)", "while down 2 (recovered)"]);
    expect(lines(second.logger).filter((line) => line.startsWith("warn"))).toEqual([]);
  });

  it("reads back nothing older than maxAgeMs (24 h), and says so once per channel", async () => {
    const { w, store } = await setUp();
    // The gateway's clock is the world's, which the test moves.
    const gateway = { clock: w.clock };
    const first = botFor(w, { listeners: [Log], messageContent: true, store, gateway });
    await first.bot.start();
    await w.people.alice.say(w.channels.general, "one");
    await expect.poll(() => seen).toEqual(["one"]);
    await first.bot.stop();

    await w.people.alice.say(w.channels.general, "a day and more ago");
    await w.clock.advance(25 * 3_600_000);
    await w.people.alice.say(w.channels.general, "a day later");
    const second = botFor(w, { listeners: [Log], messageContent: true, store, gateway });
    await second.bot.start();
    await w.people.alice.say(w.channels.general, "now");
    await expect.poll(() => seen).toEqual(["one", "a day later (recovered)", "now"]);
    expect(lines(second.logger).filter((line) => line.startsWith("warn"))).toEqual([
      `warn gateway: recovery of channel ${w.channels.general.id} skipped: messages older than recovery reads back were missed (recovery.maxAgeMs: 86400000 ms, 24 h; read from then on)`,
    ]);
  });
});
