import { createTestWorld, WaitTimeoutError } from "@chatbot/testing";
import { describe, expect, it } from "vitest";
import { Clock, Command, CommandContext, createBot } from "../src/index.js";

/** Thinks, then answers once an hour has passed on the bot's clock. */
@Command({ name: "later", description: "Answers in an hour" })
class Later {
  constructor(private readonly clock: Clock) {}
  async run(ctx: CommandContext) {
    await ctx.defer();
    await new Promise((resolve) => this.clock.setTimer(60 * 60_000, () => resolve(undefined)));
    await ctx.editReply("an hour later");
  }
}

describe("closing a world whose bot waits on the world's clock", () => {
  it("does not wait real seconds for the waiting handler, so a failed wait is what the test reports", async () => {
    const world = await createTestWorld({ people: ["ada"], timeoutMs: 300 });
    const bot = createBot({
      commands: [Later],
      token: world.token,
      baseUrl: world.baseUrl,
      clock: world.clock,
      logger: "silent",
    });
    await bot.start();
    world.onClose(() => bot.stop());
    const outcome = await world.people.ada.use(world.channels.general, "/later");
    await outcome.settled();
    await bot.idle();
    // The test forgot to move the clock: its wait fails, and the world closes with the handler waiting.
    const failed = await world
      .nextMessage(world.channels.general, { from: world.app, matching: "an hour later" })
      .catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(WaitTimeoutError);
    const started = Date.now();
    await world.close();
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(bot.state).toBe("stopped");
  }, 15_000);
});
