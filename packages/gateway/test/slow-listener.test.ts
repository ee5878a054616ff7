import type { Message } from "@chatbot/protocol";
import { describe, expect, it } from "vitest";
import { GatewayClient } from "../src/index.js";
import { advance, cleanupAfterEach, dev, type DevWorld, devWorld, until } from "./dev-world.js";
import { recordLifecycle } from "./recorder.js";

const onCleanup = cleanupAfterEach();

const TEXT = "x".repeat(1_500);

/**
 * Sends `count` MESSAGE_CREATEs of about 1.8 KB through the server's own gateway (a real message
 * posted once, its content numbered), 100 per turn of the server's event loop, calling `between`
 * every 250: a flood far faster than a person types, on the real socket.
 */
async function flood(w: DevWorld, count: number, between: () => Promise<void>): Promise<void> {
  const id = await w.post("template");
  const template = await dev<Message[]>(
    w.server,
    "GET",
    `/channels/${w.channelId}/messages?limit=1`,
    undefined,
    w.adaId,
  );
  expect(template[0]!.id).toBe(id);
  for (let n = 0; n < count; n++) {
    w.server.gateway.dispatch(w.appId, "MESSAGE_CREATE", { ...template[0]!, content: `${n} ${TEXT}` });
    if (n % 100 === 99) await new Promise((resolve) => setTimeout(resolve, 1));
    if (n % 250 === 249) await between();
  }
}

/** A client whose MESSAGE_CREATE listener blocks on its first event until `release()`. */
async function blockedClient(maxQueuedEvents?: number) {
  const w = await devWorld({ heartbeatIntervalMs: 500, rateLimits: false });
  onCleanup(() => w.server.close());
  const gateway = new GatewayClient({
    token: w.token,
    intents: ["guilds", "guild_messages", "message_content"],
    gatewayUrl: w.server.gatewayUrl,
    clock: w.server.clock,
    ...(maxQueuedEvents === undefined ? {} : { maxQueuedEvents }),
  });
  onCleanup(() => gateway.close());
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const delivered: number[] = [];
  gateway.on("MESSAGE_CREATE", async (message) => {
    if (message.content === "template") return;
    delivered.push(Number(message.content.split(" ")[0]));
    if (delivered.length === 1) await gate;
  });
  const log = recordLifecycle(gateway);
  await gateway.connect();
  return { w, gateway, log, delivered, release };
}

describe("a slow listener", () => {
  it("blocking for 2 s while 2,000 events arrive does not get the connection closed", async () => {
    const { w, gateway, log, delivered, release } = await blockedClient();
    let maxBacklog = 0;
    // 2,000 events of about 1.8 KB: 3.6 MB, far past the service's 1 MB read backlog. While they
    // arrive the clock moves 2 s in 250 ms steps, so heartbeats (every 500 ms) must go on too.
    await flood(w, 2_000, async () => {
      maxBacklog = Math.max(maxBacklog, w.server.gateway.connectionOf(w.appId)?.bufferedAmount ?? 0);
      await advance(w.server, 250);
    });
    await until("2,000 events read", () => gateway.queueSize === 1_999);
    expect(delivered).toEqual([0]);
    expect(w.identified()).toBe(true);
    expect(maxBacklog).toBeLessThan(256 * 1024);
    release();
    await until("2,000 events delivered", () => delivered.length === 2_000);
    expect(delivered).toEqual(Array.from({ length: 2_000 }, (_, i) => i));
    expect(gateway.queuePeak).toBe(1_999);
    expect(log.of("reconnecting")).toEqual([]);
    expect(w.identified()).toBe(true);
  });

  it("past maxQueuedEvents, new events are dropped and counted, and the connection stays up", async () => {
    const { w, gateway, log, delivered, release } = await blockedClient(100);
    await flood(w, 300, async () => {});
    await until("300 events read", () => gateway.droppedEvents === 199);
    // The 100 events, and the overflow notice (lifecycle events are never dropped).
    expect(gateway.queueSize).toBe(101);
    release();
    await until("the queue drained", () => gateway.queueSize === 0);
    await gateway.idle();
    expect(delivered).toEqual(Array.from({ length: 101 }, (_, i) => i));
    expect(log.of("overflow")).toEqual([{ limit: 100, dropped: 1 }]);
    // Once drained, new events are queued again.
    await w.post("300 after");
    await until("a new event", () => delivered.length === 102);
    expect(w.identified()).toBe(true);
    expect(log.of("reconnecting")).toEqual([]);
  });
});
