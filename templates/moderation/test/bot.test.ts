import { createBot } from "@chatbot/framework";
import { createTestWorld } from "@chatbot/testing";
import "@chatbot/testing/vitest";
import { expect, it } from "vitest";
import bot from "../src/bot.js";

/** A world with a moderator, two members, a #mod-log channel, and the bot connected. */
async function worldWithBot() {
  const world = await createTestWorld({
    people: { ada: { roles: ["mods"] }, bob: {}, cy: {} },
    roles: { mods: ["moderate_members", "kick_members", "ban_members"] },
    channels: { general: {}, "mod-log": {} },
    app: {
      intents: ["guilds", "guild_messages", "guild_moderation"],
      permissions: ["view_channels", "send_messages", "read_message_history", "view_audit_log"],
    },
  });
  const running = createBot({
    ...bot,
    token: world.token,
    baseUrl: world.baseUrl,
    clock: world.clock,
    logger: "silent",
    // A handler that throws fails the test, listed in any wait that times out.
    onError: world.onBotError,
  });
  await running.start();
  world.onClose(() => running.stop());
  await world.app.connected({ commands: ["warn", "warnings"] });
  return world;
}

it("warns a member, keeps the warning, and logs it; someone without moderate_members is refused", async () => {
  await using world = await worldWithBot();
  const { ada, bob } = world.people;
  const log = world.channels["mod-log"]!;

  const warned = await ada.use(world.channels.general, "/warn", { member: bob, reason: "spam" });
  expect(await warned.answered()).toHaveAnswered({ ephemeral: true, content: `Warned ${bob} (1 so far).` });
  expect((await world.nextMessage(log, { from: world.app })).content).toBe(`⚠️ ${ada} warned ${bob}: spam`);

  const listed = await ada.use(world.channels.general, "/warnings", { member: bob });
  expect(await listed.answered()).toHaveAnswered({
    ephemeral: true,
    content: `${bob} has 1 warning(s):\n1. spam (by ${ada})`,
  });

  const refused = await bob.use(world.channels.general, "/warn", { member: ada, reason: "revenge" });
  expect(await refused.answered()).toHaveAnswered({ ephemeral: true, content: /moderate_members/ });
});

it("logs kicks, bans and timeouts that people make, from the audit log", async () => {
  await using world = await worldWithBot();
  const { ada, bob, cy } = world.people;
  const log = world.channels["mod-log"]!;

  await ada.kick(cy, { reason: "rude" });
  expect((await world.nextMessage(log, { from: world.app })).content).toBe(`👢 ${ada} kicked ${cy}: rude`);

  await ada.timeout(bob, 60_000);
  expect((await world.nextMessage(log, { from: world.app })).content).toMatch(
    new RegExp(`^⏳ ${ada} timed out ${bob} until \\d{4}-\\d\\d-\\d\\dT`),
  );

  await ada.ban(bob);
  expect((await world.nextMessage(log, { from: world.app })).content).toBe(`🔨 ${ada} banned ${bob}`);
});
