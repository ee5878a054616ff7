import "@chatbot/testing/vitest";
import { describe, expect, it } from "vitest";
import { Clock, Command, CommandContext, RestClient } from "../src/index.js";
import { botFor, world } from "./support.js";

/** Waits `ms` on the bot's clock (the world's clock in a test). */
function later(clock: Clock, ms: number): Promise<void> {
  return new Promise((resolve) => clock.setTimer(ms, resolve));
}

@Command({ name: "report", description: "Thinks, then answers ten minutes later" })
class Report {
  async run(ctx: CommandContext) {
    await ctx.defer();
    await later(ctx.clock, 10 * 60_000);
    await ctx.editReply("the report is ready");
  }
}

@Command({ name: "pong", description: "Answers, then posts" })
class Pong {
  constructor(private readonly rest: RestClient) {}
  async run(ctx: CommandContext) {
    await ctx.reply("pong");
    await this.rest.createMessage(ctx.channelId, { content: "pong, late" });
  }
}

describe("bot.idle()", () => {
  it("lets a test move the clock only once the handler has armed its timer", async () => {
    const w = await world({ people: ["ada"] });
    const { bot } = botFor(w, { commands: [Report] });
    await bot.start();
    const outcome = await w.people.ada.use(w.channels.general, "/report");
    await outcome.settled();
    // The thinking state is there, but the handler may still be inside `await ctx.defer()`.
    await bot.idle();
    w.clock.advance(10 * 60_000);
    await outcome.answered();
    expect(outcome).toHaveAnswered({ content: "the report is ready" });
    // Nothing is left running: stop() does not wait its 5 s.
    const started = Date.now();
    await bot.stop();
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it("resolves while a call is held by a latency fault, which only moving the clock releases", async () => {
    const w = await world({ people: ["ada"] });
    const { bot } = botFor(w, { commands: [Pong] });
    await bot.start();
    await w.faults.latency(1_000, { method: "POST", pathPrefix: "/v1/channels/" });
    const outcome = await w.people.ada.use(w.channels.general, "/pong");
    // The handler's post is held by the service (the fault is taken) until the clock moves.
    await expect.poll(() => w.faults.pending()).toEqual([]);
    const idle = await Promise.race([
      bot.idle().then(() => "idle"),
      new Promise((resolve) => setTimeout(() => resolve("still waiting after 1 s"), 1_000)),
    ]);
    expect(idle).toBe("idle");
    w.clock.advance(1_000);
    const posted = await w.nextMessage(w.channels.general, { from: w.app, matching: "pong, late" });
    expect(posted.content).toBe("pong, late");
    await outcome.answered();
  });

  it("resolves at once for a bot with nothing to do", async () => {
    const w = await world({ people: ["ada"] });
    const { bot } = botFor(w, { commands: [Report] });
    await bot.start();
    await bot.idle();
    expect(bot.rest.inFlight).toBe(0);
  });
});
