import { describe, expect, it } from "vitest";
import { type Message, On } from "../src/index.js";
import { botFor, world } from "./support.js";

const handled: string[] = [];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A mod log that posts in order: each message of server one takes a while, in reverse order of length. */
class Ordered {
  @On("MESSAGE_CREATE", { ordered: true })
  async noted(message: Message) {
    if (message.author.bot) return;
    // The first messages take longest: without ordering, later ones would finish first.
    if (message.content.startsWith("one")) await sleep(60 - Number(message.content.split(" ")[1]) * 10);
    handled.push(message.content);
  }
}

class Unordered {
  @On("MESSAGE_CREATE")
  async noted(message: Message) {
    if (message.author.bot) return;
    if (message.content.startsWith("one")) await sleep(60 - Number(message.content.split(" ")[1]) * 10);
    handled.push(message.content);
  }
}

const twoServers = () =>
  world({
    people: ["ada"],
    servers: { one: { channels: { general: {} } }, two: { channels: { general: {} } } },
  });

describe("ordered delivery per server", () => {
  it("a burst in one server reaches an ordered handler in order, while another server proceeds", async () => {
    handled.length = 0;
    const w = await twoServers();
    const { bot } = botFor(w, { listeners: [Ordered], messageContent: true });
    await bot.start();
    for (let i = 0; i < 5; i++) await w.people.ada.say(w.servers.one.channels.general!, `one ${i}`);
    await w.people.ada.say(w.servers.two.channels.general!, "two 0");
    await expect.poll(() => handled.length).toBe(6);
    expect(handled.filter((h) => h.startsWith("one"))).toEqual(["one 0", "one 1", "one 2", "one 3", "one 4"]);
    // Server two did not wait behind server one's slow handlers.
    expect(handled.indexOf("two 0")).toBeLessThan(handled.indexOf("one 4"));
  });

  it("without it, handlers run side by side and finish out of order (the test can fail)", async () => {
    handled.length = 0;
    const w = await twoServers();
    const { bot } = botFor(w, { listeners: [Unordered], messageContent: true });
    await bot.start();
    for (let i = 0; i < 5; i++) await w.people.ada.say(w.servers.one.channels.general!, `one ${i}`);
    await expect.poll(() => handled.length).toBe(5);
    expect(handled).not.toEqual(["one 0", "one 1", "one 2", "one 3", "one 4"]);
  });

  it("the bot's ordered option orders every listener", async () => {
    handled.length = 0;
    const w = await twoServers();
    const { bot } = botFor(w, { listeners: [Unordered], messageContent: true, ordered: true });
    await bot.start();
    for (let i = 0; i < 5; i++) await w.people.ada.say(w.servers.one.channels.general!, `one ${i}`);
    await expect.poll(() => handled.length).toBe(5);
    expect(handled).toEqual(["one 0", "one 1", "one 2", "one 3", "one 4"]);
  });
});
