import { type DispatchOf, LIMITS } from "@chatbot/protocol";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  guildPayload,
  type Harness,
  messageDelete,
  settle,
  startHarness,
  type TestClient,
  until,
} from "./gateway-test-harness.js";

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
  h.backend.addApp("10", "tok-10", ["100"]);
});
afterEach(async () => {
  await h.close();
});

/** A `MESSAGE_DELETE_BULK` payload with `count` ids of 19 digits (about 22 bytes each as JSON). */
function bulkDelete(count: number): DispatchOf<"MESSAGE_DELETE_BULK"> {
  const ids = Array.from({ length: count }, (_, i) => String(1_000_000_000_000_000_000n + BigInt(i)));
  return { ids, channel_id: "500", guild_id: "100" };
}

async function identified(): Promise<TestClient> {
  const client = await h.connect();
  await client.identify("tok-10");
  await client.next(); // GUILD_CREATE 100
  return client;
}

describe("gateway delivery", () => {
  it("merges GUILD_UPDATEs of one server into at most one per 300 ms, newest payload last", async () => {
    const client = await identified();
    h.gateway.dispatch("10", "GUILD_UPDATE", guildPayload("100", "a"));
    expect(await client.next()).toMatchObject({ t: "GUILD_UPDATE", s: 3, d: { name: "a" } });
    h.gateway.dispatch("10", "GUILD_UPDATE", guildPayload("100", "b"));
    h.gateway.dispatch("10", "GUILD_UPDATE", guildPayload("100", "c"));
    h.backend.clock.advance(299);
    h.gateway.dispatch("10", "MESSAGE_DELETE", messageDelete("999"));
    expect(await client.next()).toMatchObject({ t: "MESSAGE_DELETE", s: 4 });
    h.backend.clock.advance(1);
    expect(await client.next()).toMatchObject({ t: "GUILD_UPDATE", s: 5, d: { name: "c" } });
    // The window that the merged update opened ends with nothing waiting; the next one goes at once.
    h.backend.clock.advance(300);
    h.gateway.dispatch("10", "GUILD_UPDATE", guildPayload("100", "d"));
    expect(await client.next()).toMatchObject({ t: "GUILD_UPDATE", s: 6, d: { name: "d" } });
  });

  it("drops a waiting GUILD_UPDATE when GUILD_DELETE of that server goes out", async () => {
    const client = await identified();
    h.gateway.dispatch("10", "GUILD_UPDATE", guildPayload("100", "a"));
    h.gateway.dispatch("10", "GUILD_UPDATE", guildPayload("100", "b"));
    h.gateway.dispatch("10", "GUILD_DELETE", { id: "100" });
    h.backend.clock.advance(1_000);
    h.gateway.dispatch("10", "MESSAGE_DELETE", messageDelete("999"));
    expect((await client.next()).t).toBe("GUILD_UPDATE");
    expect(await client.next()).toMatchObject({ t: "GUILD_DELETE", s: 4, d: { id: "100" } });
    expect(await client.next()).toMatchObject({ t: "MESSAGE_DELETE", s: 5 });
  });

  it("keeps a bot that reads, even when it is sent megabytes", async () => {
    const client = await identified();
    const bulk = bulkDelete(700); // about 16 KiB
    for (let i = 0; i < 200; i++) {
      expect(h.gateway.dispatch("10", "MESSAGE_DELETE_BULK", bulk)).toBe(true);
      expect((await client.next()).s).toBe(3 + i);
    }
    expect(h.gateway.sessionsFor("10")[0]?.closeCode).toBeNull();
  });

  it("closes 4009 a bot that leaves over 1 MB unread, drops later frames and keeps memory bounded", async () => {
    const client = await identified();
    const [connection] = h.gateway.sessionsFor("10");
    if (!connection) throw new Error("no connection");
    client.ws.pause();
    const bulk = bulkDelete(3_000);
    const frameBytes = JSON.stringify(bulk).length + 64;
    expect(frameBytes).toBeGreaterThan(60_000);
    let sent = 0;
    let maxBuffered = 0;
    for (let i = 0; i < 400 && connection.open; i++) {
      connection.dispatch("MESSAGE_DELETE_BULK", bulk);
      sent += 1;
      maxBuffered = Math.max(maxBuffered, connection.bufferedAmount);
      if (i % 8 === 7) await settle(1);
    }
    expect(connection.open).toBe(false);
    expect(connection.closeCode).toBe(4009);
    expect(sent).toBeLessThan(400);
    expect(maxBuffered).toBeGreaterThan(LIMITS.gatewayReadBacklogBytes);
    expect(maxBuffered).toBeLessThan(LIMITS.gatewayReadBacklogBytes + 2 * frameBytes);
    // Frames after the close are dropped, not buffered.
    const before = connection.bufferedAmount;
    for (let i = 0; i < 50; i++) expect(connection.dispatch("MESSAGE_DELETE_BULK", bulk)).toBe(false);
    expect(connection.bufferedAmount).toBeLessThanOrEqual(before);
    expect(h.gateway.sessionsFor("10")).toEqual([]);
    expect(h.backend.log).toEqual(["connected 10", "disconnected 10"]);
    // The close handshake cannot finish while the bot reads nothing: the socket is destroyed.
    await settle();
    expect(h.gateway.connectionCount).toBe(1);
    h.backend.clock.advance(5_000);
    await until(() => h.gateway.connectionCount === 0, "the socket to be destroyed");
    client.ws.resume();
    await client.closed;
  });
});
