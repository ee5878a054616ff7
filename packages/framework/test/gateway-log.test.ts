import { On } from "../src/index.js";
import { describe, expect, it } from "vitest";
import type { Message } from "../src/index.js";
import { botFor, world } from "./support.js";

const got: string[] = [];
class Listener {
  @On("MESSAGE_CREATE")
  seen(message: Message) {
    got.push(message.content);
  }
}

describe("the gateway's life in the bot's log", () => {
  it("logs each drop with its close code and wait, the reconnect, what was recovered and what could not be read yet", async () => {
    const w = await world({ people: ["ada"] });
    const { bot, logger } = botFor(w, { listeners: [Listener], messageContent: true });
    await bot.start();
    await w.people.ada.say(w.channels.general, "before");
    await expect.poll(() => got).toContain("before");
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Every read of #general's history fails for a while: recovery cannot read it at the reconnect.
    await w.faults.http(500, {
      count: 4,
      method: "GET",
      pathPrefix: `/v1/channels/${w.channels.general.id}/messages`,
    });
    await w.faults.closeGateway(4009, "test drop");
    await w.people.ada.say(w.channels.general, "during");
    const lines = () => logger.lines.map((l) => `${l.level} ${l.message}`);
    await expect
      .poll(lines, { timeout: 15_000 })
      .toEqual(
        expect.arrayContaining([
          expect.stringMatching(
            /^info gateway: closed with 4009 session_closed \("test drop"\); reconnecting in \d+ ms \(attempt 1\)$/,
          ),
          expect.stringMatching(/^info gateway: reconnected in \d+ ms, 1 server\(s\)$/),
          expect.stringMatching(
            /^warn gateway: recovery of channel \d+ skipped: its history could not be read; .*500/,
          ),
        ]),
      );
    // The read is tried again after the next wait, and then the missed message arrives.
    await expect.poll(() => got, { timeout: 15_000 }).toContain("during");
    expect(lines()).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^info gateway: recovered 1 message\(s\) missed during the drop, in \d+ ms$/),
      ]),
    );
  });
});
