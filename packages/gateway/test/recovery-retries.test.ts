import type { Intent } from "@chatbot/protocol";
import { RestClient } from "@chatbot/rest";
import { describe, expect, it } from "vitest";
import { GatewayClient, type GatewayMessage } from "../src/index.js";
import { advance, cleanupAfterEach, dev, type DevWorld, devWorld, until } from "./dev-world.js";
import { recordLifecycle } from "./recorder.js";

const onCleanup = cleanupAfterEach();

/** A client on the server's manual clock whose REST client retries fast, recording the messages. */
async function setup(intents: Intent[]) {
  const w = await devWorld();
  onCleanup(() => w.server.close());
  const gateway = new GatewayClient({
    token: w.token,
    intents,
    rest: new RestClient({ token: w.token, baseUrl: w.server.baseUrl, retryDelay: 5 }),
    clock: w.server.clock,
    reconnect: { initialDelayMs: 1_000, jitter: 0 },
  });
  onCleanup(() => gateway.close());
  const messages: GatewayMessage[] = [];
  gateway.on("MESSAGE_CREATE", (message) => void messages.push(message));
  const seen = (channelId: string) =>
    messages.filter((m) => m.channel_id === channelId).map((m) => [m.content, m.recovered] as const);
  return { w, gateway, log: recordLifecycle(gateway), messages, seen };
}

/** The next `count` reads of a channel's history answer `500`. */
function failReads(w: DevWorld, channelId: string, count: number) {
  return dev(w.server, "POST", "/faults", {
    app_id: w.appId,
    kind: "http",
    status: 500,
    count,
    method: "GET",
    path_prefix: `/v1/channels/${channelId}/messages`,
  });
}

describe("recovery that fails to read", () => {
  it("keeps the channel's place, holds what arrives live, and reads it again until it succeeds", async () => {
    const { w, gateway, log, messages, seen } = await setup(["guilds", "guild_messages", "message_content"]);
    await gateway.connect();
    await w.post("m0");
    await until("m0", () => messages.length === 1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    // The REST client tries 4 times: all 4 fail at the reconnect, and 4 more at the first retry.
    await failReads(w, w.channelId, 8);
    await w.closeGateway(4000);
    await log.next("reconnecting", 1);
    for (let i = 1; i <= 5; i++) await w.post(`m${i}`);
    await advance(w.server, 1_000);
    const skipped = await log.next("recoverySkipped", 1);
    expect(skipped).toMatchObject({ channelId: w.channelId, reason: "failed", retrying: true });
    // A message posted after the bot is back does not move the channel past the missed five.
    await w.post("m6");
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(seen(w.channelId)).toEqual([["m0", false]]);
    expect(gateway.recoveryCounts).toMatchObject({ recovered: 0, skipped: 1, pendingChannels: 1 });
    // The first retry (after 1 s on the clock) fails too; the second (2 s later) reads them.
    await advance(w.server, 1_000);
    await log.next("recoverySkipped", 2);
    await advance(w.server, 2_000);
    await log.next("recovered", 2);
    await gateway.idle();
    expect(seen(w.channelId)).toEqual([
      ["m0", false],
      ["m1", true],
      ["m2", true],
      ["m3", true],
      ["m4", true],
      ["m5", true],
      ["m6", false],
    ]);
    expect(gateway.recoveryCounts).toEqual({ recovered: 5, skipped: 2, pendingChannels: 0 });
    // Later messages flow again at once.
    await w.post("m7");
    await until("m7", () => messages.length === 8);
  });

  it("gives a deleted channel up, handing over what it held", async () => {
    const { w, gateway, log, messages, seen } = await setup(["guilds", "guild_messages", "message_content"]);
    const doomed = await dev<{ id: string }>(
      w.server,
      "POST",
      `/guilds/${w.guildId}/channels`,
      { name: "doomed", kind: "text" },
      w.adaId,
    );
    await gateway.connect();
    await w.post("d0", doomed.id);
    await until("d0", () => messages.length === 1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await failReads(w, doomed.id, 4);
    await w.closeGateway(4000);
    await log.next("reconnecting", 1);
    await w.post("d1", doomed.id);
    await advance(w.server, 1_000);
    await log.next("recoverySkipped", 1);
    await dev(w.server, "DELETE", `/channels/${doomed.id}`, undefined, w.adaId);
    await advance(w.server, 1_000);
    await until("the channel given up", () => gateway.recoveryCounts.pendingChannels === 0);
    expect(seen(doomed.id)).toEqual([["d0", false]]);
  });
});

describe("a channel the bot never heard of", () => {
  it("without the guilds intent, its drop-time messages are recovered", async () => {
    const { w, gateway, log, messages, seen } = await setup(["guild_messages", "message_content"]);
    await gateway.connect();
    // #late is made while the bot is connected: without `guilds` it hears no CHANNEL_CREATE.
    const late = await dev<{ id: string }>(
      w.server,
      "POST",
      `/guilds/${w.guildId}/channels`,
      { name: "late", kind: "text" },
      w.adaId,
    );
    await w.post("g1");
    await until("g1", () => messages.length === 1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await w.closeGateway(4000);
    await log.next("reconnecting", 1);
    for (let i = 1; i <= 3; i++) await w.post(`late ${i}`, late.id);
    await advance(w.server, 1_000);
    await log.next("recovered", 1);
    await gateway.idle();
    expect(seen(late.id)).toEqual([
      ["late 1", true],
      ["late 2", true],
      ["late 3", true],
    ]);
  });
});
