import { createBot, StateStore } from "@chatbot/framework";
import { createTestWorld } from "@chatbot/testing";
import "@chatbot/testing/vitest";
import { expect, it } from "vitest";
import bot from "../src/bot.js";

/** A world with a moderator, a member, a #mod-log and a #staff-log; the app reads message text (the wizard's answers). */
async function worldWithBot() {
  const world = await createTestWorld({
    people: { ada: { roles: ["mods"] }, bob: {} },
    roles: { mods: ["manage_guild", "moderate_members", "kick_members"] },
    channels: { general: {}, "mod-log": {}, "staff-log": {} },
    app: {
      intents: ["guilds", "guild_messages", "message_content", "guild_moderation"],
      permissions: ["view_channels", "send_messages", "read_message_history", "view_audit_log"],
    },
  });
  const running = createBot({
    ...bot,
    token: world.token,
    baseUrl: world.baseUrl,
    clock: world.clock,
    logger: "silent",
    onError: world.onBotError,
  });
  await running.start();
  world.onClose(() => running.stop());
  return { world, running };
}

it("/setup asks for the log channel and the moderator roles, saves them on yes, and the mod log goes there", async () => {
  const { world, running } = await worldWithBot();
  await using _ = world;
  const { ada, bob } = world.people;
  const general = world.channels.general;
  const log = world.channels["staff-log"]!;
  const mods = world.roles.mods!;

  const use = await (await ada.use(general, "/setup")).answered();
  expect(use.answer?.content).toMatch(/^Which channel should moderation be logged to\?/);
  await ada.say(general, "the mod one");
  expect((await world.nextMessage(general, { from: world.app })).content).toBe(
    "That is not a channel: mention one, like #mod-log.",
  );
  await ada.say(general, `${log}`);
  expect((await world.nextMessage(general, { from: world.app })).content).toBe(
    "Which roles are moderators? Mention them (like @mods).",
  );
  await ada.say(general, `${mods}`);
  expect((await world.nextMessage(general, { from: world.app })).content).toBe(
    `Log to ${log}, moderators ${mods}. Save? (yes or no)`,
  );
  await ada.say(general, "yes");
  expect((await world.nextMessage(general, { from: world.app })).content).toBe("Saved.");
  await running.idle();
  expect(await running.resolve(StateStore).get(`settings:${world.server.id}`)).toEqual({
    logChannel: log.id,
    modRoles: [mods.id],
  });
  // The mod log plugin reads the server's choice: moderation is logged in #staff-log now.
  await ada.kick(bob, { reason: "spam" });
  expect((await world.nextMessage(log, { from: world.app })).content).toBe(`👢 ${ada} kicked ${bob}: spam`);
});

it("/setup gives up after 10 minutes without an answer, on the world's clock", async () => {
  const { world } = await worldWithBot();
  await using _ = world;
  const { ada } = world.people;
  await (await ada.use(world.channels.general, "/setup")).answered();
  await world.clock.advance("10m");
  const ended = await world.nextMessage(world.channels.general, {
    from: world.app,
    matching: "nothing was saved",
  });
  expect(ended.content).toBe(`${ada} /setup waited 10 minutes for an answer: nothing was saved.`);
});
