import { describe, expect, it } from "vitest";
import {
  GatewayAuthenticationError,
  GatewayClient,
  GatewayIntentsError,
  type GatewayClientOptions,
  GatewayProtocolError,
} from "../src/index.js";
import { advance, cleanupAfterEach, dev, type DevWorld, devWorld, until } from "./dev-world.js";
import { recordLifecycle } from "./recorder.js";

const onCleanup = cleanupAfterEach();

async function world(options: Parameters<typeof devWorld>[0] = {}): Promise<DevWorld> {
  const w = await devWorld(options);
  onCleanup(() => w.server.close());
  return w;
}

function client(w: DevWorld, options: Partial<GatewayClientOptions> = {}) {
  const gateway = new GatewayClient({
    token: w.token,
    intents: ["guilds", "guild_messages"],
    gatewayUrl: w.server.gatewayUrl,
    reconnect: { initialDelayMs: 10, jitter: 0 },
    ...options,
  });
  onCleanup(() => gateway.close());
  return { gateway, log: recordLifecycle(gateway) };
}

describe("close codes that reconnect", () => {
  it.each([4000, 4003, 4009, 1000, 1001])("%i: reconnects after a wait and is ready again", async (code) => {
    const w = await world();
    const { gateway, log } = client(w);
    await gateway.connect();
    await w.closeGateway(code, "test fault");
    const reconnecting = await log.next("reconnecting", 1);
    expect(reconnecting).toMatchObject({ code, attempt: 1, waitMs: 10 });
    expect(await log.next("ready", 2)).toMatchObject({ reconnected: true, guilds: 1 });
    expect(log.of("connecting")).toHaveLength(2);
    expect(w.identified()).toBe(true);
    expect(gateway.state).toBe("ready");
  });

  it("4008: waits out the identify window on the clock before identifying again", async () => {
    const w = await world();
    const { gateway, log } = client(w, {
      clock: w.server.clock,
      reconnect: { initialDelayMs: 10, jitter: 0 },
    });
    await gateway.connect();
    await w.closeGateway(4008, "identify rate limited");
    expect(await log.next("reconnecting", 1)).toMatchObject({ code: 4008, waitMs: 5_000 });
    await advance(w.server, 4_990);
    expect(log.of("connecting")).toHaveLength(1);
    await advance(w.server, 10);
    expect(await log.next("ready", 2)).toMatchObject({ reconnected: true });
  });

  it("a dropped socket (no close frame) reconnects, reported as 1006", async () => {
    const { TcpLink } = await import("./tcp-link.js");
    const w = await world();
    const link = await TcpLink.open(w.server.port);
    onCleanup(() => link.close());
    const { gateway, log } = client(w, { gatewayUrl: link.gatewayUrl });
    await gateway.connect();
    link.cut();
    expect(await log.next("reconnecting", 1)).toMatchObject({ code: 1006 });
    await log.next("ready", 2);
  });

  it("a heartbeat_ack that does not come is taken as a dead connection", async () => {
    const { TcpLink } = await import("./tcp-link.js");
    // The server's clock is manual, so the server itself never closes for missed heartbeats.
    const w = await world({ heartbeatIntervalMs: 50 });
    const link = await TcpLink.open(w.server.port);
    onCleanup(() => link.close());
    const { gateway, log } = client(w, { gatewayUrl: link.gatewayUrl });
    await gateway.connect();
    link.freeze();
    const reconnecting = await log.next("reconnecting", 1);
    expect(reconnecting.code).toBe(1006);
    expect(reconnecting.reason).toMatch(/no heartbeat_ack within 50 ms/);
    await log.next("ready", 2);
  });

  it("close() cuts a socket whose close the service never answers, after closeTimeoutMs", async () => {
    const { TcpLink } = await import("./tcp-link.js");
    const w = await world();
    const link = await TcpLink.open(w.server.port);
    onCleanup(() => link.close());
    const { gateway, log } = client(w, { gatewayUrl: link.gatewayUrl, closeTimeoutMs: 300 });
    await gateway.connect();
    // Nothing the service sends reaches the client any more, its answer to the close included.
    link.freeze();
    const started = performance.now();
    await gateway.close();
    const took = performance.now() - started;
    expect(took).toBeGreaterThanOrEqual(250);
    // ws's own default is 30 s, which held a cluster node's step-down past its watchdog's limit.
    expect(took).toBeLessThan(3_000);
    expect(gateway.state).toBe("stopped");
    expect(log.of("stopped")).toHaveLength(1);
  });
});

describe("close codes that stop", () => {
  it.each([
    [
      4004,
      GatewayAuthenticationError,
      "authentication_failed",
      /token is invalid or was renewed, or the app is switched off/,
    ],
    [4001, GatewayProtocolError, "unknown_op", /4001 \(unknown_op\).*bug in the client/],
    [4002, GatewayProtocolError, "invalid_json", /4002 \(invalid_json\).*not JSON.*bug in the client/],
    [4005, GatewayProtocolError, "already_identified", /4005 \(already_identified\).*second identify.*bug/],
    [4013, GatewayIntentsError, "invalid_intents", /4013.*unknown intent: guild_voice/],
  ] as const)("%i stops with its error", async (code, type, errorCode, message) => {
    const w = await world();
    const { gateway, log } = client(w);
    await gateway.connect();
    await w.closeGateway(code, code === 4013 ? "unknown intent: guild_voice" : "test fault");
    const stopped = await log.next("stopped", 1);
    expect(stopped.error).toBeInstanceOf(type);
    expect(stopped.error).toMatchObject({ code: errorCode, closeCode: code });
    expect(stopped.error!.message).toMatch(message);
    expect(gateway.state).toBe("stopped");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(log.of("connecting")).toHaveLength(1);
    expect(w.server.gateway.connectionCount).toBe(0);
  });

  it("a renewed token stops the client at the server's next token check, with the clear error", async () => {
    const w = await world();
    const { gateway, log } = client(w);
    await gateway.connect();
    await dev(w.server, "POST", `/apps/${w.appId}/token`);
    await dev(w.server, "POST", "/clock", { advance_ms: 10_000 });
    const stopped = await log.next("stopped", 1);
    expect(stopped.error).toBeInstanceOf(GatewayAuthenticationError);
    expect(stopped.error!.message).toMatch(/4004: the token is invalid or was renewed/);
    expect(log.of("reconnecting")).toHaveLength(0);
  });

  it("connect() rejects with the error when the token is refused at identify", async () => {
    const w = await world();
    const { gateway } = client(w, { token: "not-a-token" });
    await expect(gateway.connect()).rejects.toBeInstanceOf(GatewayAuthenticationError);
  });
});

describe("reconnect waits", () => {
  it("grow after each lost connection and go back to the first after a stable one", async () => {
    const w = await world();
    const { gateway, log } = client(w, {
      clock: w.server.clock,
      reconnect: { initialDelayMs: 1_000, factor: 2, jitter: 0.2, random: () => 0.5, stableAfterMs: 5_000 },
    });
    await gateway.connect();
    for (const [i, wait] of [1_000, 2_000, 4_000].entries()) {
      await w.closeGateway(4000);
      expect(await log.next("reconnecting", i + 1)).toMatchObject({ waitMs: wait, attempt: i + 1 });
      await advance(w.server, wait);
      await log.next("ready", i + 2);
    }
    await advance(w.server, 5_000);
    await w.closeGateway(4000);
    expect(await log.next("reconnecting", 4)).toMatchObject({ waitMs: 1_000, attempt: 1 });
  });

  it("never identify faster than 5 in 5 seconds, so the service never answers 4008", async () => {
    const w = await world();
    const { gateway, log } = client(w, {
      clock: w.server.clock,
      reconnect: { initialDelayMs: 0, jitter: 0 },
    });
    await gateway.connect();
    for (let i = 1; i <= 5; i++) {
      await w.closeGateway(4000);
      await log.next("reconnecting", i);
      await advance(w.server, 0);
      if (i < 5) await log.next("ready", i + 1);
    }
    // The sixth identify waits for the first to leave the window: the socket is open, not identified.
    await until("the sixth connection", () => log.of("connecting").length === 6);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(w.server.gateway.connectionCount).toBe(1);
    expect(w.identified()).toBe(false);
    await advance(w.server, 4_990);
    expect(w.identified()).toBe(false);
    await advance(w.server, 10);
    await log.next("ready", 6);
    expect(log.of("reconnecting").map((r) => r.code)).toEqual([4000, 4000, 4000, 4000, 4000]);
  });
});

describe("options", () => {
  it("refuses an unknown intent before connecting, naming it", () => {
    expect(
      () =>
        new GatewayClient({ token: "t", intents: ["guilds", "guild_voice" as never], gatewayUrl: "ws://x" }),
    ).toThrow(/intents\.1 must be an intent of the interface, got "guild_voice"/);
  });

  it("refuses a client with neither rest nor gatewayUrl", () => {
    expect(() => new GatewayClient({ token: "t", intents: [] })).toThrow(
      /give rest \(a RestClient\) or gatewayUrl/,
    );
  });
});
