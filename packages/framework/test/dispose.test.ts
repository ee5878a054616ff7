import { describe, expect, it } from "vitest";
import { type Disposable, Listener, On, singleton } from "../src/index.js";
import { botFor, world } from "./support.js";

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
