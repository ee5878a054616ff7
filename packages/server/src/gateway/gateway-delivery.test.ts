import { type DispatchOf, LIMITS } from "@chatbot/protocol";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { GatewayConnection } from "./connection.js";
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

/** An identified bot that stopped reading, and a payload of about 66 KB to send it. */
async function stoppedReading(): Promise<{
  client: TestClient;
  connection: GatewayConnection;
  bulk: DispatchOf<"MESSAGE_DELETE_BULK">;
}> {
  const client = await identified();
  const [connection] = h.gateway.sessionsFor("10");
  if (!connection) throw new Error("no connection");
  client.ws.pause();
  return { client, connection, bulk: bulkDelete(3_000) };
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

  it("sends a server's GUILD_CREATE out of turn, before an event of it that comes during the burst", async () => {
    const ids = Array.from({ length: 5_000 }, (_, i) => String(1_000 + i));
    h.backend.addApp("11", "tok-11", ids);
    const client = await h.connect();
    expect((await client.identify("tok-11")).t).toBe("READY");
    const [connection] = h.gateway.sessionsFor("11");
    const last = ids.at(-1)!;
    expect(connection?.awaitsGuild(last)).toBe(true);
    expect(h.gateway.dispatch("11", "MESSAGE_DELETE", { id: "9", channel_id: "500", guild_id: last })).toBe(
      true,
    );
    expect(connection?.awaitsGuild(last)).toBe(false);
    const frames = [];
    while (frames.length < ids.length + 1) frames.push(await client.next());
    const creates = frames.filter((f) => f.t === "GUILD_CREATE").map((f) => (f.d as { id: string }).id);
    expect(creates.sort()).toEqual(ids);
    const createOfLast = frames.findIndex(
      (f) => f.t === "GUILD_CREATE" && (f.d as { id: string }).id === last,
    );
    expect(frames[createOfLast + 1]).toMatchObject({ t: "MESSAGE_DELETE", d: { guild_id: last } });
    expect(createOfLast).toBeLessThan(ids.length - 1);
    expect(frames.map((f) => f.s)).toEqual(frames.map((_, i) => i + 2));
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

  it("keeps a bot that reads a burst of megabytes sent at once, when the clock moves past 5 s", async () => {
    const client = await identified();
    const [connection] = h.gateway.sessionsFor("10");
    const bulk = bulkDelete(3_000); // about 66 KB
    // Written in one turn, before the bot could read any of it: past what the kernel takes, and past 1 MB.
    let sent = 0;
    while (sent < 120 && (connection?.bufferedAmount ?? 0) <= 2 * LIMITS.gatewayReadBacklogBytes) {
      h.gateway.dispatch("10", "MESSAGE_DELETE_BULK", bulk);
      sent += 1;
    }
    expect(connection?.bufferedAmount).toBeGreaterThan(2 * LIMITS.gatewayReadBacklogBytes);
    h.backend.clock.advance(4_000);
    for (let i = 0; i < sent; i++) expect((await client.next()).s).toBe(3 + i);
    h.backend.clock.advance(10_000);
    await settle();
    expect(connection?.open).toBe(true);
    expect(connection?.closeCode).toBeNull();
  });

  it("closes 4009 a bot that stops reading with over 1 MB unread, once 5 s pass with nothing read", async () => {
    const { client, connection, bulk } = await stoppedReading();
    for (let i = 0; i < 200 && connection.bufferedAmount <= LIMITS.gatewayReadBacklogBytes; i++) {
      connection.dispatch("MESSAGE_DELETE_BULK", bulk);
      if (i % 8 === 7) await settle(1);
    }
    expect(connection.bufferedAmount).toBeGreaterThan(LIMITS.gatewayReadBacklogBytes);
    await settle();
    h.backend.clock.advance(4_999);
    await settle();
    expect(connection.open).toBe(true);
    // The grace period that started when the limit was passed may have seen the last frames leave;
    // the next one, with nothing read at all, ends the connection.
    h.backend.clock.advance(1);
    await settle();
    if (connection.open) h.backend.clock.advance(5_000);
    expect(connection.open).toBe(false);
    expect(connection.closeCode).toBe(4009);
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

  it("closes 4009 at once a bot whose unread bytes pass the cap (8 MB), and keeps memory bounded", async () => {
    const { client, connection, bulk } = await stoppedReading();
    const frameBytes = JSON.stringify(bulk).length + 64;
    expect(frameBytes).toBeGreaterThan(60_000);
    let sent = 0;
    let maxBuffered = 0;
    for (let i = 0; i < 1_000 && connection.open; i++) {
      connection.dispatch("MESSAGE_DELETE_BULK", bulk);
      sent += 1;
      maxBuffered = Math.max(maxBuffered, connection.bufferedAmount);
      if (i % 8 === 7) await settle(1);
    }
    expect(connection.closeCode).toBe(4009);
    expect(sent).toBeLessThan(1_000);
    const cap = 8 * LIMITS.gatewayReadBacklogBytes;
    expect(maxBuffered).toBeGreaterThan(cap);
    expect(maxBuffered).toBeLessThan(cap + 2 * frameBytes);
    client.ws.terminate();
  });
});
