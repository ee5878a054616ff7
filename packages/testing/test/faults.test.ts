import { describe, expect, it } from "vitest";
import { createTestWorld } from "../src/index.js";
import { startRawBot } from "./support/raw-bot.js";

describe("faults", () => {
  it("closes the bot's gateway connection with a code", async () => {
    await using world = await createTestWorld();
    const bot = await startRawBot(world);
    await world.app.connected();
    expect(await world.faults.closeGateway(4000, "test")).toBe(true);
    expect(await bot.closed).toBe(4000);
    expect(world.app.isConnected).toBe(false);
    expect(await world.faults.closeGateway()).toBe(false);

    // The app's sessions show it: asked-for and granted intents, and the close code (recorded once
    // the socket has closed on the server's side too: a bounded wait).
    let sessions = await world.app.sessions();
    for (let i = 0; i < 100 && sessions[0]?.close_code === null; i++) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      sessions = await world.app.sessions();
    }
    expect(sessions).toHaveLength(1);
    expect(sessions[0]).toMatchObject({
      identified_at: world.clock.now(),
      close_code: 4000,
      intents_requested: ["guilds", "guild_messages", "message_content"],
      intents_granted: ["guilds", "guild_messages", "message_content"],
    });
    expect(sessions[0]!.events_sent).toBeGreaterThanOrEqual(2);
  });

  it("makes the next matching calls fail, or wait on the clock", async () => {
    await using world = await createTestWorld({ rateLimits: false });
    const bot = await startRawBot(world);
    const path = `/v1/channels/${world.channels.general.id}/messages`;
    await world.faults.http(503, { method: "POST", pathPrefix: "/v1/channels/" });
    expect(await world.faults.pending()).toMatchObject([{ kind: "http", remaining: 1 }]);
    expect((await bot.rest("POST", path, { content: "one" })).status).toBe(503);
    expect((await bot.rest("POST", path, { content: "two" })).status).toBe(201);

    await world.faults.latency(5_000);
    let answered = false;
    const slow = bot.rest("GET", "/v1/users/@me").then((r) => {
      answered = true;
      return r.status;
    });
    await world.faults.clear();
    // The held call is already waiting: it answers once the clock passes its deadline.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(answered).toBe(false);
    world.clock.advance(5_000);
    expect(await slow).toBe(200);
  });
});
