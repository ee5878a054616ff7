import { RestClient } from "@chatbot/rest";
import { type RunningServer, startServer } from "@chatbot/server";
import { describe, expect, it } from "vitest";
import { GatewayClient, type GatewayMessage } from "../src/index.js";
import { advance, cleanupAfterEach, dev, until } from "./dev-world.js";
import { recordLifecycle } from "./recorder.js";

const onCleanup = cleanupAfterEach();

const SERVERS = 12;

/** A person, an app installed in `SERVERS` servers of three channels each, two messages in each channel. */
async function manyServers() {
  const server = await startServer({ port: 0, manualClock: true });
  onCleanup(() => server.close());
  const ada = await dev<{ id: string }>(server, "POST", "/users", { username: "ada" });
  const app = await dev<{ application: { id: string }; token: string }>(server, "POST", "/apps", {
    name: "Helper",
  });
  const channels: Array<{ id: string; guildId: string }> = [];
  const guilds: string[] = [];
  for (let g = 0; g < SERVERS; g++) {
    const guild = await dev<{ id: string; channels: Array<{ id: string }> }>(server, "POST", "/guilds", {
      name: `Server ${g}`,
      owner_id: ada.id,
    });
    guilds.push(guild.id);
    channels.push({ id: guild.channels[0]!.id, guildId: guild.id });
    for (const name of ["two", "three"]) {
      const made = await dev<{ id: string }>(
        server,
        "POST",
        `/guilds/${guild.id}/channels`,
        { name, kind: "text" },
        ada.id,
      );
      channels.push({ id: made.id, guildId: guild.id });
    }
    await dev(
      server,
      "POST",
      `/guilds/${guild.id}/installs`,
      {
        application_id: app.application.id,
        scopes: ["messages.read", "messages.send", "message_content"],
        intents: ["guilds", "guild_messages", "message_content"],
        permissions: ["view_channels", "send_messages", "read_message_history"],
      },
      ada.id,
    );
  }
  const post = (channelId: string, content: string) =>
    dev<{ id: string }>(server, "POST", `/channels/${channelId}/messages`, { content }, ada.id);
  // History from before the bot connects: never to be handed over.
  for (const channel of channels) for (const n of [1, 2]) await post(channel.id, `old ${n}`);
  return { server, ada, app, channels, guilds, post };
}

function client(server: RunningServer, token: string) {
  const gateway = new GatewayClient({
    token,
    intents: ["guilds", "guild_messages", "message_content"],
    rest: new RestClient({ token, baseUrl: server.baseUrl }),
    clock: server.clock,
    reconnect: { initialDelayMs: 1_000, jitter: 0 },
  });
  onCleanup(() => gateway.close());
  const messages: GatewayMessage[] = [];
  gateway.on("MESSAGE_CREATE", (message) => void messages.push(message));
  return { gateway, messages, log: recordLifecycle(gateway) };
}

async function drop(server: RunningServer, appId: string): Promise<void> {
  await dev(server, "POST", "/faults", { app_id: appId, kind: "close_gateway", code: 4000 });
}

describe("recovery in a bot in many servers", () => {
  it("hands over nothing after drops with nothing missed, even before the first reads finished", async () => {
    const w = await manyServers();
    const { gateway, messages, log } = client(w.server, w.app.token);
    await gateway.connect();

    // At once: the one-message reads of the first ready (36 channels, background priority) are
    // still going, and no live message came yet.
    await drop(w.server, w.app.application.id);
    await log.next("reconnecting", 1);
    await advance(w.server, 1_000);
    await log.next("recovered", 1);

    // A live message, then a drop, twice.
    for (const round of [2, 3]) {
      await w.post(w.channels[round]!.id, `live ${round}`);
      await until(`live ${round}`, () => messages.some((m) => m.content === `live ${round}`));
      await drop(w.server, w.app.application.id);
      await log.next("reconnecting", round);
      await advance(w.server, 1_000 * 2 ** (round - 1));
      await log.next("recovered", round);
    }
    await gateway.idle();

    expect(messages.map((m) => [m.content, m.recovered])).toEqual([
      ["live 2", false],
      ["live 3", false],
    ]);
    expect(log.of("recovered").map((r) => r.count)).toEqual([0, 0, 0]);
    expect(gateway.recoveryCounts.recovered).toBe(0);
  });

  it("hands over exactly what was missed across the servers, once each, in order per channel", async () => {
    const w = await manyServers();
    const { gateway, messages, log } = client(w.server, w.app.token);
    await gateway.connect();
    await w.post(w.channels[0]!.id, "live");
    await until("the live message", () => messages.length === 1);

    await drop(w.server, w.app.application.id);
    await log.next("reconnecting", 1);
    const missed = new Map<string, string[]>();
    const miss = async (channelId: string, content: string) => {
      await w.post(channelId, content);
      missed.set(channelId, [...(missed.get(channelId) ?? []), content]);
    };
    // Two in one channel of each server, and 130 in one channel (two pages of history).
    for (let g = 0; g < SERVERS; g++) {
      const channel = w.channels[g * 3 + (g % 3)]!;
      await miss(channel.id, `missed ${g}.1`);
      await miss(channel.id, `missed ${g}.2`);
    }
    for (let n = 0; n < 130; n++) await miss(w.channels[4]!.id, `long ${n}`);
    // A channel made during the drop: all of it was missed.
    const fresh = await dev<{ id: string }>(
      w.server,
      "POST",
      `/guilds/${w.guilds[7]}/channels`,
      { name: "fresh", kind: "text" },
      w.ada.id,
    );
    await miss(fresh.id, "fresh 1");
    await advance(w.server, 1_000);
    const expected = [...missed.values()].reduce((n, list) => n + list.length, 0);
    expect(await log.next("recovered", 1)).toMatchObject({ count: expected });
    await gateway.idle();

    const recovered = messages.filter((m) => m.recovered);
    expect(recovered).toHaveLength(expected);
    expect(new Set(recovered.map((m) => m.id)).size).toBe(expected);
    for (const [channelId, contents] of missed) {
      expect(recovered.filter((m) => m.channel_id === channelId).map((m) => m.content)).toEqual(contents);
    }
  });
});
