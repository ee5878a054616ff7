import "@chatbot/testing/vitest";
import { describe, expect, it } from "vitest";
import { Command, CommandContext, type Disposable, Listener, On, singleton } from "../src/index.js";
import { botFor, startedBot, world } from "./support.js";

let ticks = 0;
let disposed = 0;

/** A service with an interval of its own, as a poll book's closing timer would be. */
@singleton()
class Ticker implements Disposable {
  readonly #interval = setInterval(() => (ticks += 1), 5);
  dispose(): void {
    clearInterval(this.#interval);
    disposed += 1;
  }
}

@Listener()
class UsesTicker {
  constructor(private readonly ticker: Ticker) {}
  @On("MESSAGE_CREATE")
  seen() {
    void this.ticker;
  }
}

describe("a bot's services end with it", () => {
  it("stop() disposes them: their intervals stop", async () => {
    const w = await world({ people: ["ada"] });
    const { bot } = botFor(w, { listeners: [UsesTicker] });
    await bot.start();
    bot.container.resolve(Ticker);
    await expect.poll(() => ticks).toBeGreaterThan(2);
    await bot.stop();
    expect(disposed).toBe(1);
    const after = ticks;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(ticks).toBe(after);
  });
});

// A new instance per use, made in the interaction's scope: the service is asked for from there.
@Command({ name: "remind", description: "Starts the reminders", scope: "interaction" })
class Remind {
  constructor(private readonly ticker: Ticker) {}
  async run(ctx: CommandContext) {
    void this.ticker;
    await ctx.reply("reminding");
  }
}

describe("a @singleton() service a command asked for first", () => {
  it("is the bot's, and stop() disposes it: its interval stops", async () => {
    const w = await world({ people: ["ada"] });
    const { bot } = await startedBot(w, { commands: [Remind] });
    const disposedBefore = disposed;
    const use = await w.people.ada.use(w.channels.general, "/remind");
    expect(await use.answered()).toHaveAnswered({ content: "reminding" });
    // One instance for the bot, whoever asked first.
    expect(bot.container.resolve(Ticker)).toBe(bot.container.resolve(Ticker));
    const ticksBefore = ticks;
    await expect.poll(() => ticks - ticksBefore).toBeGreaterThan(2);
    await bot.stop();
    expect(disposed - disposedBefore).toBe(1);
    const after = ticks;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(ticks).toBe(after);
  });
});
