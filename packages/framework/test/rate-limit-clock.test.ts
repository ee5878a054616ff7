import { describe, expect, it } from "vitest";
import { Listener, type Message, On, RestClient } from "../src/index.js";
import { botFor, world } from "./support.js";

/** On "go", posts six messages in the channel: one more than its 5 per 5 s. */
@Listener()
class Chatty {
  constructor(private readonly rest: RestClient) {}
  @On("MESSAGE_CREATE")
  async go(message: Message) {
    if (message.content !== "go") return;
    for (let i = 1; i <= 6; i++) await this.rest.createMessage(message.channel_id, { content: `post ${i}` });
  }
}

describe("rate limits in a test world", () => {
  it("the bot's waits run on the world's clock: advancing it releases them, in no real time", async () => {
    const w = await world({ people: ["ada"], rateLimits: true });
    const { bot, logger } = botFor(w, { listeners: [Chatty], messageContent: true });
    await bot.start();
    const posts = () => w.people.ada.history(w.channels.general, { limit: 20 });
    await w.people.ada.say(w.channels.general, "go");
    await expect.poll(async () => (await posts()).filter((m) => m.content.startsWith("post")).length).toBe(5);
    await bot.idle();
    // The sixth waits for the channel's window, on the world's clock: 5 s there, none in real time.
    const started = Date.now();
    w.clock.advance(5_000);
    await expect.poll(async () => (await posts()).some((m) => m.content === "post 6")).toBe(true);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(logger.lines).toContainEqual({
      level: "info",
      message: expect.stringMatching(
        /^rest: POST \/v1\/channels\/\d+\/messages \(bucket message_create:\d+\) waits \d+ ms for its rate limit$/,
      ),
    });
  });
});
