import "@chatbot/testing/vitest";
import { describe, expect, it } from "vitest";
import {
  Command,
  CommandContext,
  Listener,
  OnSchedule,
  Option,
  RestClient,
  Scheduler,
} from "../src/index.js";
import { startedBot, world } from "./support.js";

/** Monday 6 January 2025, 08:00 UTC: the world's clock starts there. */
const MONDAY_8 = Date.UTC(2025, 0, 6, 8, 0);

@Command({ name: "standup", description: "Sets today's standup reminder" })
class Standup {
  constructor(private readonly scheduler: Scheduler) {}
  async run(ctx: CommandContext, @Option.string("time", "HH:MM, UTC") time: string) {
    const [hours, minutes] = time.split(":").map(Number);
    const at = Date.UTC(2025, 0, 6, hours, minutes);
    // One reminder per channel: setting it again moves it.
    await this.scheduler.schedule(
      at,
      "standup",
      { channelId: ctx.channelId, time },
      { key: `standup:${ctx.channelId}` },
    );
    await ctx.reply(`standup at ${time}`);
  }
}

@Listener()
class StandupPoster {
  constructor(private readonly rest: RestClient) {}
  @OnSchedule("standup")
  async post(payload: { channelId: string; time: string }) {
    await this.rest.createMessage(payload.channelId, { content: `standup time (${payload.time})` });
  }
}

describe("a scheduled job and one advance of the clock", () => {
  it("runs a job moved later when one advance passes its new time", async () => {
    const w = await world({ people: ["ada"], clockStart: MONDAY_8 });
    await startedBot(w, { commands: [Standup], listeners: [StandupPoster] });
    const set = async (time: string) =>
      expect(
        await (await w.people.ada.use(w.channels.general, "/standup", { time })).answered(),
      ).toHaveAnswered({
        content: `standup at ${time}`,
      });
    await set("09:00");
    await set("09:30");

    w.clock.advance(2 * 60 * 60_000);
    const posted = await w.nextMessage(w.channels.general, { from: w.app, matching: "standup time" });
    expect(posted.content).toBe("standup time (09:30)");
  });
});
