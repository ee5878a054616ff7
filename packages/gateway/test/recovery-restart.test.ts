import { RestClient } from "@chatbot/rest";
import { startServer } from "@chatbot/server";
import { describe, expect, it } from "vitest";
import { GatewayClient, type GatewayMessage } from "../src/index.js";
import { advance, cleanupAfterEach, dev, until } from "./dev-world.js";
import { recordLifecycle } from "./recorder.js";

const onCleanup = cleanupAfterEach();

/** A person and an app in 4 servers of three channels, one old message in each channel. */
async function fourServers() {
  const server = await startServer({ port: 0, manualClock: true });
  onCleanup(() => server.close());
  const ada = await dev<{ id: string }>(server, "POST", "/users", { username: "ada" });
  const app = await dev<{ application: { id: string }; token: string }>(server, "POST", "/apps", {
    name: "Helper",
  });
  const channels: string[] = [];
  for (let g = 0; g < 4; g++) {
    const guild = await dev<{ id: string; channels: Array<{ id: string }> }>(server, "POST", "/guilds", {
      name: `Server ${g}`,
      owner_id: ada.id,
    });
    channels.push(guild.channels[0]!.id);
    for (const name of ["two", "three"]) {
      const made = await dev<{ id: string }>(
        server,
        "POST",
        `/guilds/${guild.id}/channels`,
        { name, kind: "text" },
        ada.id,
      );
      channels.push(made.id);
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
  let newest = "0";
  for (const channel of channels) newest = (await post(channel, "old")).id;
  return { server, app, channels, post, newest };
}

describe("catching up at start", () => {
  it("reads at the REST client's normal priority; recovery after a drop stays in the background", async () => {
    const { server, app, channels, post, newest } = await fourServers();
    // While no process was connected: one message in each of the 12 channels.
    for (const channel of channels) await post(channel, "while down");

    // The client's global limit on the world's clock: 20 calls a window, 1 of them background.
    const rest = new RestClient({
      token: app.token,
      baseUrl: server.baseUrl,
      clock: server.clock,
      rateLimitOffset: 0,
      globalLimit: 20,
      backgroundShare: 0.05,
    });
    const gateway = new GatewayClient({
      token: app.token,
      intents: ["guilds", "guild_messages", "message_content"],
      rest,
      clock: server.clock,
      reconnect: { initialDelayMs: 1_000, jitter: 0 },
    });
    onCleanup(() => gateway.close());
    const messages: GatewayMessage[] = [];
    gateway.on("MESSAGE_CREATE", (message) => void messages.push(message));
    const log = recordLifecycle(gateway);
    gateway.resumeFrom({ cursors: {}, newest });
    await gateway.connect();

    // The 12 reads of the catch-up go within one window: the clock does not move.
    await log.next("recovered", 1);
    expect(log.of("recovered")[0]!.count).toBe(12);
    expect(messages.map((m) => [m.content, m.recovered])).toEqual(channels.map(() => ["while down", true]));

    // After a drop, one background read a window: nothing more before the clock moves.
    await dev(server, "POST", "/faults", { app_id: app.application.id, kind: "close_gateway", code: 4000 });
    await log.next("reconnecting", 1);
    for (const channel of channels) await post(channel, "during the drop");
    await advance(server, 1_000);
    await log.next("ready", 2);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const early = messages.length - 12;
    expect(early).toBeLessThan(12);
    for (let window = 0; window < 20 && log.of("recovered").length < 2; window++)
      await advance(server, 1_000);
    await until("the drop's recovery", () => log.of("recovered").length >= 2);
    expect(log.of("recovered")[1]!.count).toBe(12);
  });
});
