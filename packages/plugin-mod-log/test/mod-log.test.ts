import {
  Command,
  CommandContext,
  createBot,
  DefinitionError,
  defineBot,
  intentsOfBot,
  Option,
  type User,
} from "@chatbot/framework";
import { createTestWorld } from "@chatbot/testing";
import "@chatbot/testing/vitest";
import { expect, it } from "vitest";
import { ModLog, modLog } from "../src/index.js";

/** A bot's own command that logs through the plugin's exported service. */
@Command({ name: "note", description: "Notes something about a member in the mod log" })
class Note {
  constructor(private readonly log: ModLog) {}

  async run(ctx: CommandContext, @Option.user("member", "Who") member: User) {
    const logged = await this.log.post(ctx.guildId, `📝 <@${ctx.user.id}> noted <@${member.id}>`);
    await ctx.reply({
      content: logged ? `Noted in #${this.log.channel}.` : "No mod log here.",
      ephemeral: true,
    });
  }
}

/** A world with a moderator, two members and the log channel, and a bot with the plugin. */
async function worldWithBot(
  options: Parameters<typeof modLog>[0],
  channel = "mod-log",
  others: string[] = [],
) {
  const world = await createTestWorld({
    people: { ada: { roles: ["mods"] }, bob: {}, cy: {} },
    roles: { mods: ["moderate_members", "kick_members", "ban_members"] },
    channels: { general: {}, [channel]: {}, ...Object.fromEntries(others.map((name) => [name, {}])) },
    app: {
      intents: ["guilds", "guild_messages", "guild_moderation"],
      permissions: ["view_channels", "send_messages", "read_message_history", "view_audit_log"],
    },
  });
  const bot = defineBot({ commands: [Note], plugins: [modLog(options)] });
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
  await world.app.connected({ commands: ["note"] });
  return { world, log: world.channels[channel]!, bot: running };
}

it("logs the kicks, bans and timeouts people make, from the audit log, into the channel", async () => {
  const { world, log, bot } = await worldWithBot({ channel: "mod-log" });
  await using _ = world;
  const { ada, bob, cy } = world.people;
  // The plugin's listener asks for the moderation intent.
  expect(bot.intents).toContain("guild_moderation");

  await ada.kick(cy, { reason: "rude" });
  expect((await world.nextMessage(log, { from: world.app })).content).toBe(`👢 ${ada} kicked ${cy}: rude`);
  await ada.timeout(bob, 60_000);
  expect((await world.nextMessage(log, { from: world.app })).content).toMatch(
    new RegExp(`^⏳ ${ada} timed out ${bob} until \\d{4}-\\d\\d-\\d\\dT`),
  );
  await ada.untimeout(bob);
  expect((await world.nextMessage(log, { from: world.app })).content).toBe(
    `⌛ ${ada} lifted the timeout of ${bob}`,
  );
  await ada.ban(bob);
  expect((await world.nextMessage(log, { from: world.app })).content).toBe(`🔨 ${ada} banned ${bob}`);
});

it("logs into the channel its options name, and lends its service to the bot's own commands", async () => {
  const { world, log } = await worldWithBot({ channel: "audit" }, "audit");
  await using _ = world;
  const { ada, bob } = world.people;
  const noted = await ada.use(world.channel("general"), "/note", { member: bob });
  expect(await noted.answered()).toHaveAnswered({ ephemeral: true, content: "Noted in #audit." });
  expect((await world.nextMessage(log, { from: world.app })).content).toBe(`📝 ${ada} noted ${bob}`);
});

it("logs into the channel a server chose, saved under channelSetting in the bot's store", async () => {
  const options = { channel: "mod-log", channelSetting: "settings:" };
  const { world, log, bot } = await worldWithBot(options, "mod-log", ["chosen-log"]);
  await using _ = world;
  const { ada, bob, cy } = world.people;
  const chosen = world.channels["chosen-log"]!;
  await ada.kick(cy);
  // Nothing chosen yet: the channel named by the options.
  expect((await world.nextMessage(log, { from: world.app })).content).toBe(`👢 ${ada} kicked ${cy}`);
  // A /setup wizard saved the server's choice: the next line goes there, at once.
  await bot.store.set(`settings:${world.server.id}`, { logChannel: chosen.id, modRoles: [] });
  await ada.ban(bob);
  expect((await world.nextMessage(chosen, { from: world.app })).content).toBe(`🔨 ${ada} banned ${bob}`);
});

it("says when a server has no channel of that name", async () => {
  const { world } = await worldWithBot({ channel: "nowhere" });
  await using _ = world;
  const noted = await world.people.ada.use(world.channel("general"), "/note", { member: world.people.bob });
  expect(await noted.answered()).toHaveAnswered({ ephemeral: true, content: "No mod log here." });
});

it("checks its options when the bot is made, naming the plugin, the option and the rule", () => {
  const refused = (options: unknown) => () => intentsOfBot({ plugins: [modLog(options as never)] });
  expect(refused({ channel: "" })).toThrow(
    new DefinitionError(['plugin "mod-log": option channel: must be a channel name, not empty']),
  );
  expect(refused({ channel: 42 })).toThrow('plugin "mod-log": option channel: must be a channel name');
  expect(refused({ chanel: "mod-log" })).toThrow(
    'plugin "mod-log": option chanel: Invalid key: Expected never but received "chanel"',
  );
  expect(refused({ channelSetting: "" })).toThrow(
    'plugin "mod-log": option channelSetting: must be a key prefix of the bot\'s store, not empty',
  );
  // Left out, the channel is #mod-log.
  expect(intentsOfBot({ plugins: [modLog()] })).toEqual(["guild_expressions", "guild_moderation", "guilds"]);
});
