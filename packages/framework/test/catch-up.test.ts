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
});
