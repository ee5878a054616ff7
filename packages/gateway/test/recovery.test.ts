import { RestClient } from "@chatbot/rest";
import { describe, expect, it } from "vitest";
import { GatewayClient, type GatewayMessage } from "../src/index.js";
import { advance, cleanupAfterEach, dev, type DevWorld, devWorld, until } from "./dev-world.js";
import { recordLifecycle } from "./recorder.js";

const onCleanup = cleanupAfterEach();

async function channel(w: DevWorld, name: string, denyHistory = false): Promise<string> {
  const overwrites = denyHistory
    ? [{ id: w.everyoneRoleId, type: "role", allow: [], deny: ["read_message_history"] }]
    : [];
  const made = await dev<{ id: string }>(
    w.server,
    "POST",
    `/guilds/${w.guildId}/channels`,
    { name, kind: "text", overwrites },
    w.adaId,
  );
  return made.id;
}

/** A client on the server's manual clock, with REST, recording every message it hands over. */
async function setup(recovery = true) {
  const w = await devWorld();
  onCleanup(() => w.server.close());
  const gateway = new GatewayClient({
    token: w.token,
    intents: ["guilds", "guild_messages", "message_content"],
    rest: new RestClient({ token: w.token, baseUrl: w.server.baseUrl }),
    clock: w.server.clock,
    reconnect: { initialDelayMs: 1_000, jitter: 0 },
    recovery,
  });
  onCleanup(() => gateway.close());
  const messages: GatewayMessage[] = [];
  gateway.on("MESSAGE_CREATE", (message) => void messages.push(message));
  const seen = (channelId: string) =>
    messages.filter((m) => m.channel_id === channelId).map((m) => [m.content, m.recovered] as const);
  return { w, gateway, log: recordLifecycle(gateway), messages, seen };
}

describe("recovery after a drop", () => {
  it("hands over the messages posted during the drop exactly once, in order, marked recovered", async () => {
    const { w, gateway, log, messages, seen } = await setup();
    const quiet = await channel(w, "quiet");
    const secret = await channel(w, "secret", true);
    await w.post("before the bot came", quiet);
    await gateway.connect();
    await w.post("m0");
    await until("m0", () => messages.length === 1);
    // Let the first ready's one-message reads of #quiet finish before the drop.
    await new Promise((resolve) => setTimeout(resolve, 200));

    await w.closeGateway(4000);
    expect(await log.next("reconnecting", 1)).toMatchObject({ code: 4000, waitMs: 1_000 });
    for (let i = 1; i <= 5; i++) await w.post(`m${i}`);
    await w.post("q1", quiet);
    await w.post("s1", secret);
    // Hold the read of #general, so that a message posted after the reconnect arrives live first.
    await dev(w.server, "POST", "/faults", {
      app_id: w.appId,
      kind: "latency",
      ms: 500,
      count: 1,
      method: "GET",
      path_prefix: `/v1/channels/${w.channelId}/messages`,
    });
    await advance(w.server, 1_000);
    await log.next("ready", 2);
    await w.post("m6");
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(seen(w.channelId)).toEqual([["m0", false]]);
    await advance(w.server, 500);
    const recovered = await log.next("recovered", 1);
    await gateway.idle();
    expect(recovered).toMatchObject({ count: 6 });

    expect(seen(w.channelId)).toEqual([
      ["m0", false],
      ["m1", true],
      ["m2", true],
      ["m3", true],
      ["m4", true],
      ["m5", true],
      ["m6", false],
    ]);
    expect(seen(quiet)).toEqual([["q1", true]]);
    expect(seen(secret)).toEqual([]);
    expect(log.of("recoverySkipped")).toEqual([
      { channelId: secret, guildId: w.guildId, reason: "missing_read_message_history" },
    ]);

    // A second drop: nothing is handed over twice, and the skipped channel is not reported again.
    await w.closeGateway(4000);
    await log.next("reconnecting", 2);
    await w.post("m7");
    await advance(w.server, 2_000);
    expect(await log.next("recovered", 2)).toMatchObject({ count: 1 });
    await gateway.idle();
    expect(seen(w.channelId).map(([content]) => content)).toEqual([
      "m0",
      "m1",
      "m2",
      "m3",
      "m4",
      "m5",
      "m6",
      "m7",
    ]);
    expect(log.of("recoverySkipped")).toHaveLength(1);
  });

  it("recovers channels made while connected and during the drop, from their first message", async () => {
    const { w, gateway, log, seen } = await setup();
    const created: string[] = [];
    gateway.on("CHANNEL_CREATE", (made) => void created.push(made.id));
    await gateway.connect();
    const early = await channel(w, "made-while-connected");
    await until("its CHANNEL_CREATE", () => created.includes(early));
    await w.closeGateway(4000);
    await log.next("reconnecting", 1);
    const late = await channel(w, "made-during-the-drop");
    await w.post("e1", early);
    await w.post("l1", late);
    await w.post("l2", late);
    await advance(w.server, 1_000);
    expect(await log.next("recovered", 1)).toMatchObject({ count: 3 });
    await gateway.idle();
    expect(seen(early)).toEqual([["e1", true]]);
    expect(seen(late)).toEqual([
      ["l1", true],
      ["l2", true],
    ]);
  });

  it("a channel where the bot lost Read message history is skipped and reported once", async () => {
    const { w, gateway, log, seen } = await setup();
    await gateway.connect();
    await w.post("seen live");
    await until("the live message", () => seen(w.channelId).length === 1);
    // The bot loses Read message history in #general while it is away.
    await dev(
      w.server,
      "PATCH",
      `/channels/${w.channelId}`,
      { overwrites: [{ id: w.everyoneRoleId, type: "role", allow: [], deny: ["read_message_history"] }] },
      w.adaId,
    );
    await w.closeGateway(4000);
    await log.next("reconnecting", 1);
    await w.post("missed");
    await advance(w.server, 1_000);
    await log.next("recovered", 1);
    expect(log.of("recoverySkipped")).toEqual([
      { channelId: w.channelId, guildId: w.guildId, reason: "missing_read_message_history" },
    ]);
    expect(seen(w.channelId)).toEqual([["seen live", false]]);
  });

  it("is off with recovery: false", async () => {
    const { w, gateway, log, seen } = await setup(false);
    await gateway.connect();
    await w.closeGateway(4000);
    await log.next("reconnecting", 1);
    await w.post("missed");
    await advance(w.server, 1_000);
    await log.next("ready", 2);
    await w.post("live");
    await until("the live message", () => seen(w.channelId).length === 1);
    expect(seen(w.channelId)).toEqual([["live", false]]);
    expect(log.of("recovered")).toEqual([]);
  });
});
