import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import {
  guildPayload,
  type Harness,
  messageDelete,
  settle,
  startHarness,
  TestClient,
  until,
} from "./gateway-test-harness.js";

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.close();
});

describe("gateway connection life", () => {
  it("sends hello with heartbeat_interval and acks heartbeats before identify", async () => {
    const client = new TestClient(new WebSocket(`${h.baseUrl}/v1/gateway?v=1`));
    expect(await client.next()).toEqual({ op: "hello", d: { heartbeat_interval: 30_000 } });
    client.send({ op: "heartbeat", d: null });
    expect(await client.next()).toEqual({ op: "heartbeat_ack" });
    client.send({ op: "heartbeat" });
    expect(await client.next()).toEqual({ op: "heartbeat_ack" });
    client.ws.close();
    await client.closed;
  });

  it("answers identify with READY, then one GUILD_CREATE per server, then dispatches with rising s", async () => {
    const identity = h.backend.addApp("10", "tok-10", ["100", "200"]);
    const client = await h.connect();
    const ready = await client.identify("tok-10", ["guilds", "guild_messages", "guilds"]);
    expect(ready).toMatchObject({
      op: "dispatch",
      t: "READY",
      s: 1,
      d: {
        v: 1,
        user: identity.user,
        application: { id: "10", name: "App 10" },
        intents: ["guilds", "guild_messages"],
        guilds: [
          { id: "100", unavailable: false },
          { id: "200", unavailable: false },
        ],
      },
    });
    const [connection] = h.gateway.sessionsFor("10");
    expect((ready.d as { session_id: string }).session_id).toBe(connection?.sessionId);
    expect(connection?.sessionId).toMatch(/^[0-9a-f]{32}$/);
    expect(await client.next()).toMatchObject({
      t: "GUILD_CREATE",
      s: 2,
      d: { id: "100", name: "Server 100" },
    });
    expect(await client.next()).toMatchObject({ t: "GUILD_CREATE", s: 3, d: { id: "200" } });
    expect(h.gateway.dispatch("10", "MESSAGE_DELETE", messageDelete("501"))).toBe(true);
    expect(h.gateway.dispatch("10", "GUILD_ROLE_DELETE", { guild_id: "100", role_id: "7" })).toBe(true);
    expect(await client.next()).toEqual({
      op: "dispatch",
      t: "MESSAGE_DELETE",
      s: 4,
      d: messageDelete("501"),
    });
    expect(await client.next()).toMatchObject({ t: "GUILD_ROLE_DELETE", s: 5, d: { role_id: "7" } });
    expect(connection?.sequence).toBe(5);
    expect(connection?.intents).toEqual(["guilds", "guild_messages"]);
    expect(h.gateway.dispatch("99", "MESSAGE_DELETE", messageDelete("502"))).toBe(false);
    expect(h.backend.log).toEqual(["connected 10"]);
  });

  it("closes 4003 when no identify comes within 10 seconds, heartbeats or not", async () => {
    const client = await h.connect();
    h.backend.clock.advance(5_000);
    client.send({ op: "heartbeat", d: null });
    await client.next();
    h.backend.clock.advance(4_999);
    await settle();
    expect(client.closeEvent).toBeNull();
    expect(h.gateway.connectionCount).toBe(1);
    h.backend.clock.advance(1);
    expect(await client.closed).toEqual({ code: 4003, reason: "no identify within 10 seconds" });
    await until(() => h.gateway.connectionCount === 0, "the server to drop the socket");
  });

  it("closes 4009 once two heartbeat intervals pass since the last heartbeat", async () => {
    h.backend.addApp("10", "tok-10");
    const client = await h.connect();
    await client.identify("tok-10");
    h.backend.clock.advance(59_000);
    client.send({ op: "heartbeat", d: 1 });
    expect(await client.next()).toEqual({ op: "heartbeat_ack" });
    h.backend.clock.advance(59_999);
    await settle();
    expect(client.closeEvent).toBeNull();
    h.backend.clock.advance(1);
    expect(await client.closed).toEqual({ code: 4009, reason: "missed heartbeats" });
    expect(h.backend.log).toEqual(["connected 10", "disconnected 10"]);
    expect(h.gateway.sessionsFor("10")).toEqual([]);
  });

  it("closes the older connection of a bot with 4009 when a newer one identifies", async () => {
    h.backend.addApp("10", "tok-10");
    const older = await h.connect();
    const first = await older.identify("tok-10");
    const newer = await h.connect();
    const second = await newer.identify("tok-10");
    expect(await older.closed).toEqual({ code: 4009, reason: "replaced by a newer connection" });
    expect(first.d).not.toEqual(second.d);
    expect(h.gateway.sessionsFor("10").map((c) => c.sessionId)).toEqual([
      (second.d as { session_id: string }).session_id,
    ]);
    expect(h.backend.log).toEqual(["connected 10"]);
    newer.ws.close(1000);
    await newer.closed;
    await until(() => h.backend.log.length === 2, "disconnected");
    expect(h.backend.log).toEqual(["connected 10", "disconnected 10"]);
  });

  it("closes an app's connection on demand with the code asked for (dev API fault)", async () => {
    h.backend.addApp("10", "tok-10");
    const client = await h.connect();
    await client.identify("tok-10");
    expect(() => h.gateway.closeApp("10", 999)).toThrow(/code must be 1000, 1001 or an integer from 3000/);
    expect(() => h.gateway.closeApp("10", 4000, "x".repeat(124))).toThrow(/reason must be at most 123 bytes/);
    expect(h.gateway.closeApp("10", 4000, "fault")).toBe(true);
    expect(await client.closed).toEqual({ code: 4000, reason: "fault" });
    expect(h.gateway.closeApp("10", 4000)).toBe(false);
    expect(h.backend.log).toEqual(["connected 10", "disconnected 10"]);
  });

  it("answers an upgrade on another path with 404", async () => {
    const ws = new WebSocket(`${h.baseUrl}/v1/other`);
    const status = await new Promise<number | undefined>((resolve) => {
      ws.on("unexpected-response", (_, res) => resolve(res.statusCode));
      ws.on("error", () => {});
    });
    expect(status).toBe(404);
  });

  it("close() closes every socket with 1001, cancels every timer and refuses new upgrades", async () => {
    h.backend.addApp("10", "tok-10", ["100"]);
    const identified = await h.connect();
    await identified.identify("tok-10");
    h.gateway.dispatch("10", "GUILD_UPDATE", guildPayload("100", "a"));
    h.gateway.dispatch("10", "GUILD_UPDATE", guildPayload("100", "b"));
    const waiting = await h.connect();
    expect(h.backend.clock.pendingCount).toBeGreaterThan(0);
    await h.gateway.close();
    expect(h.gateway.connectionCount).toBe(0);
    expect(h.backend.clock.pendingCount).toBe(0);
    expect((await identified.closed).code).toBe(1001);
    expect((await waiting.closed).code).toBe(1001);
    expect(h.backend.log).toEqual(["connected 10", "disconnected 10"]);
    const late = new WebSocket(`${h.baseUrl}/v1/gateway`);
    const status = await new Promise<number | undefined>((resolve) => {
      late.on("unexpected-response", (_, res) => resolve(res.statusCode));
      late.on("error", () => {});
    });
    expect(status).toBe(503);
  });
});
