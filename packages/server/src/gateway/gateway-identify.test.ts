import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Harness, settle, startHarness } from "./gateway-test-harness.js";

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
  h.backend.addApp("10", "tok-10", ["100"]);
});
afterEach(async () => {
  await h.close();
});

describe("gateway frames and identify", () => {
  it.each([
    ["an unknown op", { op: "resume", d: {} }, "op: must be identify or heartbeat"],
    ["a frame without op", { d: null }, "op: is required"],
    ["a JSON value that is not an object", "identify", "frame: expected a frame object"],
    ["a frame the service sends", { op: "heartbeat_ack" }, "op: must be identify or heartbeat"],
    ["identify without a token", { op: "identify", d: { intents: [] } }, "d.token: is required"],
    [
      "identify with intents not strings",
      { op: "identify", d: { token: "tok-10", intents: [1] } },
      "d.intents.0: expected a string",
    ],
    ["a heartbeat with a bad d", { op: "heartbeat", d: "7" }, "d: expected an integer"],
  ])("closes 4001 on %s", async (_, frame, reason) => {
    const client = await h.connect();
    client.send(frame);
    expect(await client.closed).toEqual({ code: 4001, reason });
  });

  it("closes 4002 on text that is not JSON, and on a binary frame", async () => {
    const text = await h.connect();
    text.ws.send('{"op":"heartbeat"');
    expect(await text.closed).toEqual({ code: 4002, reason: "frame is not valid JSON" });
    const binary = await h.connect();
    binary.ws.send(Buffer.from(JSON.stringify({ op: "heartbeat", d: null })));
    expect(await binary.closed).toEqual({ code: 4002, reason: "frames must be JSON text" });
  });

  it("closes 4004 at identify when the token is unknown", async () => {
    const client = await h.connect();
    client.send({ op: "identify", d: { token: "nope", intents: [] } });
    expect(await client.closed).toEqual({ code: 4004, reason: "authentication failed" });
    expect(h.backend.log).toEqual([]);
  });

  it("re-checks the token every 10 seconds and closes 4004 once it is revoked", async () => {
    const client = await h.connect();
    await client.identify("tok-10");
    h.backend.clock.advance(30_000);
    await settle();
    expect(client.closeEvent).toBeNull();
    h.backend.tokens.delete("tok-10");
    h.backend.clock.advance(9_999);
    await settle();
    expect(client.closeEvent).toBeNull();
    h.backend.clock.advance(1);
    expect(await client.closed).toEqual({ code: 4004, reason: "token revoked or app unavailable" });
    expect(h.backend.log).toEqual(["connected 10", "disconnected 10"]);
  });

  it("closes 4004 at the re-check when the token now names another app", async () => {
    const client = await h.connect();
    await client.identify("tok-10");
    h.backend.addApp("11", "tok-10");
    h.backend.clock.advance(10_000);
    expect((await client.closed).code).toBe(4004);
  });

  it("closes 4005 on a second identify on the same connection", async () => {
    const client = await h.connect();
    await client.identify("tok-10");
    client.send({ op: "identify", d: { token: "tok-10", intents: [] } });
    expect(await client.closed).toEqual({ code: 4005, reason: "already identified" });
  });

  it("closes 4013 on an unknown intent name, before looking at the token", async () => {
    const known = await h.connect();
    known.send({ op: "identify", d: { token: "tok-10", intents: ["guilds", "presence"] } });
    expect(await known.closed).toEqual({ code: 4013, reason: "unknown intent: presence" });
    const badToken = await h.connect();
    badToken.send({ op: "identify", d: { token: "nope", intents: ["typing"] } });
    expect((await badToken.closed).code).toBe(4013);
    expect(h.backend.log).toEqual([]);
  });

  it("closes 4008 on the sixth identify of one bot in 5 seconds, across its connections", async () => {
    h.backend.addApp("11", "tok-11");
    const clients = [];
    for (let i = 0; i < 5; i++) {
      const client = await h.connect();
      expect(await client.identify("tok-10")).toMatchObject({ t: "READY" });
      clients.push(client);
      h.backend.clock.advance(900);
    }
    const limited = await h.connect();
    limited.send({ op: "identify", d: { token: "tok-10", intents: [] } });
    expect(await limited.closed).toEqual({ code: 4008, reason: "identify rate limited" });
    // Another bot is counted on its own.
    const other = await h.connect();
    expect(await other.identify("tok-11")).toMatchObject({ t: "READY" });
    // At 5 s the first identify has left the window, but the refused ones count too.
    h.backend.clock.advance(500);
    const retry = await h.connect();
    retry.send({ op: "identify", d: { token: "tok-10", intents: [] } });
    expect((await retry.closed).code).toBe(4008);
    // At 6.8 s the window holds 2.7 s, 3.6 s, 4.5 s, 5 s and this one: five.
    h.backend.clock.advance(1_800);
    const again = await h.connect();
    expect(await again.identify("tok-10")).toMatchObject({ t: "READY" });
    for (const client of clients) expect((await client.closed).code).toBe(4009);
  });

  it("closes 4000 and reports the error when the backend throws while answering identify", async () => {
    const errors: unknown[] = [];
    const own = await startHarness({ onError: (error) => errors.push(error) });
    try {
      own.backend.addApp("10", "tok-10");
      own.backend.failure = new Error("store offline");
      const client = await own.connect();
      client.send({ op: "identify", d: { token: "tok-10", intents: [] } });
      expect(await client.closed).toEqual({ code: 4000, reason: "internal error" });
      expect(errors).toEqual([own.backend.failure]);
      expect(own.backend.log).toEqual(["connected 10", "disconnected 10"]);
    } finally {
      await own.close();
    }
  });

  it("closes 1009 on a frame larger than maxPayloadBytes", async () => {
    const client = await h.connect();
    client.send({ op: "identify", d: { token: "x".repeat(17 * 1024), intents: [] } });
    expect((await client.closed).code).toBe(1009);
  });
});
