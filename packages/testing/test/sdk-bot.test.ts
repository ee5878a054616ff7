import { GatewayClient } from "@chatbot/gateway";
import { RestClient } from "@chatbot/rest";
import { describe, expect, it } from "vitest";
import { createTestWorld, type TestWorld } from "../src/index.js";
import "../src/vitest.js";

/**
 * A bot written with the SDK (`@chatbot/rest` and `@chatbot/gateway`), given only what any bot gets
 * from a test world: the token and the two URLs. /warn needs Moderate members; `!ping` gets `pong`.
 */
async function startSdkBot(world: Pick<TestWorld, "token" | "baseUrl" | "onClose">) {
  const rest = new RestClient({ token: world.token, baseUrl: world.baseUrl });
  const gateway = new GatewayClient({
    token: world.token,
    intents: ["guilds", "guild_messages", "message_content"],
    rest,
    reconnect: { initialDelayMs: 10, jitter: 0 },
  });
  world.onClose(() => gateway.close());
  await rest.setGlobalCommands([
    {
      name: "warn",
      description: "Warn a member",
      options: [
        { type: 6, name: "member", description: "Who to warn", required: true },
        { type: 3, name: "reason", description: "Why", required: false, max_length: 200 },
      ],
    },
  ]);
  gateway.on("INTERACTION_CREATE", async (interaction) => {
    const member = interaction.data.options?.find((o) => o.name === "member")?.value;
    const content = interaction.member.permissions.has("moderate_members")
      ? `Warned <@${String(member)}>`
      : "You need moderate_members to warn";
    await rest.createInteractionResponse(interaction.id, { type: 4, data: { content, flags: 64 } });
  });
  gateway.on("MESSAGE_CREATE", async (message) => {
    if (message.content === "!ping") await rest.createMessage(message.channel_id, { content: "pong" });
  });
  await gateway.connect();
  return gateway;
}

describe("an SDK bot under test", () => {
  it("answers a moderator, refuses everyone else, and answers a message", async () => {
    await using world = await createTestWorld({
      people: { mod: { roles: ["mods"] }, bob: {} },
      roles: { mods: ["moderate_members"] },
    });
    await startSdkBot(world);
    await world.app.connected({ commands: ["warn"] });
    const { mod, bob } = world.people;

    const warned = await mod.use(world.channels.general, "/warn", { member: bob, reason: "spam" });
    expect(await warned.answered()).toHaveAnswered({ ephemeral: true, content: `Warned <@${bob.id}>` });
    const refused = await bob.use(world.channels.general, "/warn", { member: mod });
    expect(await refused.answered()).toHaveAnswered({ ephemeral: true, content: /moderate_members/ });

    await bob.say(world.channels.general, "!ping");
    expect((await world.nextMessage(world.channels.general, { from: world.app })).content).toBe("pong");
  });

  it("reconnects after the gateway drops it, as its sessions show", async () => {
    await using world = await createTestWorld({ people: ["alice"] });
    const gateway = await startSdkBot(world);
    const reconnected = new Promise((resolve) => gateway.once("ready", resolve));
    expect(await world.faults.closeGateway(4000)).toBe(true);
    await reconnected;
    await world.app.connected();
    const sessions = await world.app.sessions();
    expect(sessions.map((s) => s.close_code)).toEqual([null, 4000]);
    const outcome = await world.people.alice.use(world.channels.general, "/warn", {
      member: world.people.alice,
    });
    expect(await outcome.answered()).toHaveAnswered({ content: /moderate_members/ });
  });
});
