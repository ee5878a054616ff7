import { BotErrorsError, createTestWorld, WaitTimeoutError } from "@chatbot/testing";
import { describe, expect, it } from "vitest";
import { createBot, type HandlerFailure, Listener, OnSchedule, Scheduler } from "../src/index.js";

/** A digest job whose handler breaks. */
@Listener()
class Digest {
  @OnSchedule("digest")
  async send(payload: { channelId: string }) {
    throw new Error(`no digest for ${payload.channelId}`);
  }
}

describe("an @OnSchedule handler that throws", () => {
  it("reaches onError with the job, so a failed wait and close() say what it threw", async () => {
    const world = await createTestWorld({ people: ["ada"], timeoutMs: 300 });
    const places: HandlerFailure[] = [];
    const bot = createBot({
      listeners: [Digest],
      token: world.token,
      baseUrl: world.baseUrl,
      clock: world.clock,
      logger: "silent",
      onError: (error, where) => {
        places.push(where);
        world.onBotError(error, where);
      },
    });
    await bot.start();
    world.onClose(() => bot.stop());

    await bot.container
      .resolve(Scheduler)
      .schedule({ afterMs: 60_000 }, "digest", { channelId: world.channels.general.id }, { key: "digest" });
    world.clock.advance(60_000);
    const error = await world
      .nextMessage(world.channels.general, { from: world.app, matching: "digest" })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WaitTimeoutError);
    expect((error as Error).message).toMatch(
      /the bot threw in Digest\.send \(job digest, key digest, attempt 1\): Error: no digest for \d+/,
    );
    expect(places).toMatchObject([
      { kind: "job", handler: "Digest.send", job: { name: "digest", key: "digest", attempt: 1 } },
    ]);
    await expect(world.close()).rejects.toThrow(BotErrorsError);
  });
});
