import "@chatbot/testing/vitest";
import { describe, expect, it } from "vitest";
import { Command, CommandContext, type EventPayload, On } from "../src/index.js";
import { startedBot, world } from "./support.js";

let started!: () => void;
let release!: () => void;
const heard: string[] = [];

@Command({ name: "long", description: "Works until released", autoDefer: false })
class Long {
  async run(ctx: CommandContext) {
    started();
    await new Promise<void>((resolve) => (release = resolve));
    await ctx.reply("finished after the stop");
  }
}

class Ears {
  @On("MESSAGE_CREATE")
  heard(message: EventPayload<"MESSAGE_CREATE">) {
    heard.push(message.content);
  }
}

describe("stop()", () => {
  it("takes no new events, defers the interactions of handlers still running, then closes", async () => {
    heard.length = 0;
    const w = await world({ people: ["alice"] });
    const { bot } = await startedBot(w, {
      commands: [Long],
      listeners: [Ears],
      messageContent: true,
      stopTimeoutMs: 100,
    });
    await w.people.alice.say(w.channels.general, "before");
    await expect.poll(() => heard).toEqual(["before"]);

    const running = new Promise<void>((resolve) => (started = resolve));
    const outcome = await w.people.alice.use(w.channels.general, "/long");
    await running;
    await bot.stop();
    expect(bot.state).toBe("stopped");
    // The handler was still running: the person sees the thinking state, not a failure.
    expect(outcome.state).toBe("thinking");
    const sessions = await w.app.sessions();
    expect(sessions[0]?.closed_at).not.toBeNull();

    await w.people.alice.say(w.channels.general, "after");
    release();
    await outcome.answered();
    expect(outcome).toHaveAnswered({ content: "finished after the stop" });
    expect(heard).toEqual(["before"]);
  });

  it("a REST call after stop() fails at once, saying the client is closed", async () => {
    const w = await world({ people: ["alice"] });
    const { bot } = await startedBot(w, {});
    await bot.stop();
    const started = performance.now();
    const error = await bot.rest
      .createMessage(w.channels.general.id, { content: "too late" })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: "ClientClosedError", code: "client_closed", method: "POST" });
    expect(performance.now() - started).toBeLessThan(100);
  });
});
