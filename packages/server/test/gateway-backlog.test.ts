import { LIMITS } from "@chatbot/protocol";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type EventWorld, eventWorld, GatewayHarness } from "./gateway-harness.js";

let h: GatewayHarness;
let w: EventWorld;
beforeEach(async () => {
  h = await GatewayHarness.start();
  w = await eventWorld(h);
});
afterEach(() => h.close());

/** A message of about 8 KB once serialized: 2,000 characters of text and 6,000 of embed text. */
const big = {
  content: "x".repeat(2_000),
  embeds: [{ title: "t".repeat(256), description: "d".repeat(4_096) }, { description: "e".repeat(1_648) }],
};

describe("a bot that reads too slowly", () => {
  it("is closed 4009 once 5 s pass with over 1 MB unread and nothing read, then gets nothing more", async () => {
    const { client } = await h.connect(w.app.token, ["guild_messages", "message_content"]);
    const connection = h.server.gateway.connectionOf(w.app.id);
    if (!connection) throw new Error("no connection");
    client.ws.pause();
    let posts = 0;
    for (let round = 0; round < 400 && connection.bufferedAmount <= LIMITS.gatewayReadBacklogBytes; round++) {
      await Promise.all(
        Array.from({ length: 8 }, () =>
          h.dev("POST", `/channels/${w.guild.generalId}/messages`, big, w.memberId),
        ),
      );
      posts += 8;
    }
    expect(connection.bufferedAmount).toBeGreaterThan(LIMITS.gatewayReadBacklogBytes);
    expect(posts).toBeLessThan(3_200);
    // Over the limit, a bot is given time to read.
    await h.advance(4_000);
    expect(connection.open).toBe(true);
    // The grace period may have seen the last frames leave for the kernel; the next one sees nothing read.
    await h.advance(1_000);
    if (connection.open) await h.advance(5_000);
    expect(connection.open).toBe(false);
    expect(connection.closeCode).toBe(4009);

    // Later events are dropped, not buffered: nothing more is held for the closed connection.
    const held = connection.bufferedAmount;
    for (let i = 0; i < 20; i++)
      await h.dev("POST", `/channels/${w.guild.generalId}/messages`, big, w.memberId);
    expect(connection.bufferedAmount).toBeLessThanOrEqual(held);
    expect(h.server.gateway.connectionOf(w.app.id)).toBeUndefined();
    expect(h.server.core.presence.isConnected(w.app.id)).toBe(false);

    // The close handshake cannot finish while the bot reads nothing: the socket is destroyed on the clock.
    expect(h.server.gateway.connectionCount).toBe(1);
    await h.advance(5_000);
    for (let i = 0; i < 500 && h.server.gateway.connectionCount > 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    expect(h.server.gateway.connectionCount).toBe(0);
    client.ws.resume();
    await client.closed;

    // The bot reconnects and gets events again.
    const again = await h.connect(w.app.token, ["guild_messages"]);
    await h.dev("POST", `/channels/${w.guild.generalId}/messages`, { content: "back" }, w.memberId);
    expect(await again.client.drainTypes()).toEqual(["MESSAGE_CREATE"]);
  });
});
