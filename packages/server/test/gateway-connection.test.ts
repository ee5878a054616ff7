import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { type EventWorld, eventWorld, GatewayHarness } from "./gateway-harness.js";

let h: GatewayHarness;
let w: EventWorld;
beforeEach(async () => {
  h = await GatewayHarness.start();
  w = await eventWorld(h);
});
afterEach(() => h.close());

describe("the gateway of startServer: a connection's life", () => {
  it("serves the upgrade on /v1/gateway, says hello with the configured interval and acks heartbeats", async () => {
    const client = await h.open();
    expect(client.hello).toEqual({ op: "hello", d: { heartbeat_interval: 30_000 } });
    client.send({ op: "heartbeat", d: null });
    expect(await client.next()).toEqual({ op: "heartbeat_ack" });
    expect(h.server.gateway.connectionCount).toBe(1);
    const other = await GatewayHarness.start({ heartbeatIntervalMs: 45_000 });
    try {
      expect((await other.open()).hello).toEqual({ op: "hello", d: { heartbeat_interval: 45_000 } });
    } finally {
      await other.close();
    }
  });

  it("answers an upgrade on another path with 404", async () => {
    const ws = new WebSocket(`${h.server.baseUrl.replace("http", "ws")}/v1/elsewhere`);
    const status = await new Promise<number>((resolve) =>
      ws.once("unexpected-response", (_req, res) => resolve(res.statusCode ?? 0)),
    );
    expect(status).toBe(404);
  });

  it("closes 4003 when no identify comes within 10 seconds (POST /dev/v1/clock)", async () => {
    const client = await h.open();
    await h.advance(9_999);
    expect(await client.drainTypes()).toEqual([]);
    await h.advance(1);
    expect(await client.closed).toMatchObject({ code: 4003 });
  });

  it("closes 4009 after two heartbeat intervals without a heartbeat, and not before", async () => {
    const { client } = await h.connect(w.app.token, ["guilds"]);
    h.clock.advance(59_000);
    client.send({ op: "heartbeat", d: 2 });
    expect((await client.next()).op).toBe("heartbeat_ack");
    h.clock.advance(59_999);
    expect(await client.drainTypes()).toEqual([]);
    h.clock.advance(60_000);
    expect(await client.closed).toMatchObject({ code: 4009, reason: "missed heartbeats" });
  });

  it("closes 4005 on a second identify", async () => {
    const { client } = await h.connect(w.app.token, ["guilds"]);
    client.send({ op: "identify", d: { token: w.app.token, intents: [] } });
    expect(await client.closed).toMatchObject({ code: 4005 });
  });

  it("closes 4002 on a frame that is not JSON, 4001 on an unknown op, 4013 on an unknown intent", async () => {
    const notJson = await h.open();
    notJson.send("{nope");
    expect(await notJson.closed).toMatchObject({ code: 4002 });
    const unknownOp = await h.open();
    unknownOp.send({ op: "resume", d: {} });
    expect(await unknownOp.closed).toMatchObject({ code: 4001, reason: "op: must be identify or heartbeat" });
    const badIntent = await h.open();
    badIntent.send({ op: "identify", d: { token: w.app.token, intents: ["guilds", "presences"] } });
    expect(await badIntent.closed).toMatchObject({ code: 4013, reason: "unknown intent: presences" });
  });

  it("closes 4004 on a wrong token, and within 10 seconds of a token reset, an app switched off or deleted", async () => {
    const wrong = await h.open();
    wrong.send({ op: "identify", d: { token: "not-a-token", intents: [] } });
    expect(await wrong.closed).toMatchObject({ code: 4004 });

    const first = await h.connect(w.app.token, ["guilds"]);
    await h.advance(10_000);
    expect(await first.client.drainTypes()).toEqual([]);
    const { token } = await h.dev<{ token: string }>("POST", `/apps/${w.app.id}/token`);
    await h.advance(10_000);
    expect(await first.client.closed).toMatchObject({ code: 4004 });

    const second = await h.connect(token, ["guilds"]);
    await h.dev("PATCH", `/apps/${w.app.id}`, { enabled: false });
    await h.advance(9_999);
    expect(await second.client.drainTypes()).toEqual([]);
    await h.advance(1);
    expect(await second.client.closed).toMatchObject({ code: 4004 });

    await h.dev("PATCH", `/apps/${w.app.id}`, { enabled: true });
    const third = await h.connect(token, ["guilds"]);
    await h.dev("DELETE", `/apps/${w.app.id}`);
    expect(await third.client.drainTypes()).toEqual(["GUILD_DELETE"]);
    await h.advance(10_000);
    expect(await third.client.closed).toMatchObject({ code: 4004 });
  });

  it("closes 4004 at once when the world is reset (POST /dev/v1/reset), without waiting for a re-check", async () => {
    const c = await h.connect(w.app.token, ["guilds"]);
    await h.dev("POST", "/reset");
    expect(await c.client.closed).toMatchObject({ code: 4004, reason: "the world was reset" });
    expect(h.server.gateway.sessionsFor(w.app.id)).toHaveLength(0);
  });

  it("closes the older connection 4009 when the same bot connects again", async () => {
    const older = await h.connect(w.app.token, ["guilds"]);
    const newer = await h.connect(w.app.token, ["guilds"]);
    expect(await older.client.closed).toMatchObject({ code: 4009, reason: "replaced by a newer connection" });
    expect(h.server.gateway.sessionsFor(w.app.id)).toHaveLength(1);
    await h.dev("PATCH", `/guilds/${w.guild.id}`, { name: "Renamed" }, w.ownerId);
    expect(await newer.client.drainTypes()).toEqual(["GUILD_UPDATE"]);
  });

  it("closes 4008 on a sixth identify within 5 seconds, and takes one again after a pause", async () => {
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) {
      const client = await h.open();
      client.send({ op: "identify", d: { token: w.app.token, intents: [] } });
      const first = await Promise.race([client.next().then((f) => f.t ?? f.op), client.closed]);
      if (typeof first !== "string") codes.push(first.code);
      else codes.push(0);
    }
    expect(codes).toEqual([0, 0, 0, 0, 0, 4008]);
    await h.advance(5_000);
    const { ready } = await h.connect(w.app.token, []);
    expect(ready.t).toBe("READY");
  });

  it("keeps the history rule's record of when the bot was connected", async () => {
    const { client } = await h.connect(w.app.token, ["guild_messages"]);
    expect(h.server.core.presence.isConnected(w.app.id)).toBe(true);
    client.ws.close();
    await client.closed;
    for (let i = 0; i < 200 && h.server.core.presence.isConnected(w.app.id); i++) {
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    expect(h.server.core.presence.isConnected(w.app.id)).toBe(false);
  });

  it("closes every socket with 1001 when the server closes", async () => {
    const { client } = await h.connect(w.app.token, ["guilds"]);
    await h.server.close();
    expect(await client.closed).toMatchObject({ code: 1001 });
  });
});
