import { BotErrorsError, type BotHandlerError, createTestWorld, WaitTimeoutError } from "@chatbot/testing";
import { describe, expect, it } from "vitest";
import {
  Command,
  type CommandContext,
  createBot,
  Listener,
  type Message,
  On,
  RestClient,
} from "../src/index.js";

/** Answers "!boom" by throwing, and "!pin" with a call the service refuses (no Manage messages). */
@Listener()
class Faulty {
  constructor(private readonly rest: RestClient) {}
  @On("MESSAGE_CREATE")
  async heard(message: Message) {
    if (message.content === "!boom") throw new Error("the boom handler broke");
    if (message.content === "!post")
      await this.rest.createMessage("100000000000000000", { content: "nowhere" });
  }
}

@Command({ name: "roll", description: "Rolls a die, and breaks" })
class Roll {
  run(_ctx: CommandContext): void {
    throw new Error("the die fell off the table");
  }
}

/** A world with the faulty bot running, silent, its errors reported to the world as the templates do. */
async function faultyBot(timeoutMs: number) {
  const world = await createTestWorld({ people: ["ada"], timeoutMs });
  const bot = createBot({
    listeners: [Faulty],
    commands: [Roll],
    messageContent: true,
    token: world.token,
    baseUrl: world.baseUrl,
    clock: world.clock,
    logger: "silent",
    onError: world.onBotError,
  });
  await bot.start();
  world.onClose(() => bot.stop());
  return { world, bot };
}

describe("a bot's failures reach its test", () => {
  it("a failed wait lists what the service refused the bot and what the bot threw, even with a silent logger", async () => {
    const { world } = await faultyBot(300);
    // The test waits for an answer that never comes; meanwhile the bot is refused and throws.
    const waiting = world
      .nextMessage(world.channels.general, { from: world.app, matching: /anything/ })
      .catch((e: unknown) => e);
    await world.people.ada.say(world.channels.general, "!post");
    await world.people.ada.say(world.channels.general, "!boom");
    const error = await waiting;
    expect(error).toBeInstanceOf(WaitTimeoutError);
    const text = (error as Error).message;
    expect(text).toMatch(
      /the service refused bot POST \/v1\/channels\/100000000000000000\/messages: 404 unknown_channel/,
    );
    expect(text).toMatch(/the bot threw in Faulty\.heard: Error: the boom handler broke/);
    // Not taken: closing the world fails the test with it.
    await expect(world.close()).rejects.toThrow(BotErrorsError);
    await expect(world.close()).rejects.toThrow(/in Faulty\.heard: Error: the boom handler broke/);
  });

  it("a test that expects the failure takes it, and the world closes cleanly", async () => {
    const { world, bot } = await faultyBot(2_000);
    await world.people.ada.say(world.channels.general, "!boom");
    await bot.idle();
    await expect
      .poll(() => world.takeBotErrors().map((e) => (e.error as Error).message))
      .toEqual(["the boom handler broke"]);
    await expect(world.close()).resolves.toBeUndefined();
  });

  it("takeBotErrors() says which command or listener threw each error", async () => {
    const { world, bot } = await faultyBot(2_000);
    await (await world.people.ada.use(world.channels.general, "/roll")).answered();
    await world.people.ada.say(world.channels.general, "!boom");
    await bot.idle();
    const taken: BotHandlerError[] = [];
    await expect.poll(() => taken.push(...world.takeBotErrors())).toBe(2);
    expect(taken.map((e) => [e.where, (e.error as Error).message])).toEqual([
      ["/roll", "the die fell off the table"],
      ["Faulty.heard", "the boom handler broke"],
    ]);
    await world.close();
  });
});
