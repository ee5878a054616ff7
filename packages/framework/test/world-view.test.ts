// The bot's world as handlers read it (issue 39): ctx.server and ctx.channel, lookups by name, the
// bot's permissions answered from the view and the service agreeing, members met and fetched.
import { DevClient } from "@chatbot/protocol/dev";
import "@chatbot/testing/vitest";
import { describe, expect, it } from "vitest";
import {
  Command,
  CommandContext,
  EventContext,
  Listener,
  type Message,
  On,
  Option,
  type ResolvedChannel,
  requireBotPermissions,
  UseMiddleware,
  WorldView,
} from "../src/index.js";
import { startedBot, world } from "./support.js";

@Command({ name: "modlog-setup", description: "Chooses the mod log channel" })
@UseMiddleware(requireBotPermissions({ channel: "channel" }, "send_messages", "embed_links"))
class ModlogSetup {
  async run(
    ctx: CommandContext,
    @Option.channel("channel", "Where the mod log goes") channel: ResolvedChannel,
  ) {
    await ctx.reply({ content: `mod log set to #${channel.name}`, ephemeral: true });
  }
}

@Command({ name: "where", description: "Says where it was used" })
class Where {
  async run(ctx: CommandContext) {
    const server = ctx.server!;
    const log = server.channels.byName("mod-log");
    await ctx.reply(
      `${server.name} #${ctx.channel?.name}: ${server.channels.size} channels, mod-log ${log?.can("send_messages") ? "open" : "closed"} to me, roles ${server.roles
        .list()
        .map((r) => r.name)
        .join(",")}`,
    );
  }
}

const seen: string[] = [];
@Listener()
class Watcher {
  constructor(private readonly world: WorldView) {}
  @On("MESSAGE_CREATE")
  async check(message: Message, ctx: EventContext<"MESSAGE_CREATE">) {
    if (message.author.bot) return;
    const log = ctx.server?.channels.byName("mod-log");
    seen.push(
      `${ctx.channel?.name}: may post in mod-log ${String(log?.can("send_messages"))}, same view ${String(this.world === ctx.resolve(WorldView))}`,
    );
  }
}

const description = {
  people: ["mod", "ada"],
  roles: { mods: ["manage_guild"] },
  channels: {
    general: {},
    "mod-log": { overwrites: { everyone: { deny: ["send_messages" as const] } } },
    secret: { overwrites: { everyone: { deny: ["view_channels" as const] } } },
  },
  app: { privileged: true },
} as const;

describe("the bot's world as handlers read it", () => {
  it("answers ctx.server, ctx.channel and lookups by name, synchronously", async () => {
    const w = await world(description);
    await startedBot(w, { commands: [Where] });
    const outcome = await w.people.ada.use(w.channels.general, "/where");
    await outcome.answered();
    // The bot does not see #secret: 2 channels, and the everyone role lacks nothing it needs.
    expect(outcome).toHaveAnswered({ content: /^test #general: 2 channels, mod-log closed to me, roles / });
  });

  it("checks the bot's permissions in another channel from the view, and the service agrees", async () => {
    const w = await world(description);
    const { bot } = await startedBot(w, { commands: [ModlogSetup] });
    const refused = await w.people.mod.use(w.channels.general, "/modlog-setup", {
      channel: w.channels["mod-log"],
    });
    await refused.answered();
    expect(refused).toHaveAnswered({
      ephemeral: true,
      content: `I need the \`send_messages\` permission in <#${w.channels["mod-log"].id}> for /modlog-setup.`,
    });
    // The view said no without asking; the service says the same when the bot tries.
    await expect(
      bot.rest.createMessage(w.channels["mod-log"].id, { content: "hello" }),
    ).rejects.toMatchObject({
      status: 403,
      code: "missing_permission",
    });
    const accepted = await w.people.mod.use(w.channels.general, "/modlog-setup", {
      channel: w.channels.general,
    });
    await accepted.answered();
    expect(accepted).toHaveAnswered({ ephemeral: true, content: "mod log set to #general" });
    // Opened to the bot: the view follows the change, and the command goes through.
    await w.person("owner").updateChannel(w.channels["mod-log"], { overwrites: [] });
    await expect
      .poll(() => bot.world.server(w.server.id)?.channels.byName("mod-log")?.can("send_messages"))
      .toBe(true);
    const now = await w.people.mod.use(w.channels.general, "/modlog-setup", {
      channel: w.channels["mod-log"],
    });
    await now.answered();
    expect(now).toHaveAnswered({ ephemeral: true, content: "mod log set to #mod-log" });
    expect((await bot.rest.createMessage(w.channels["mod-log"].id, { content: "hello" })).content).toBe(
      "hello",
    );
  });

  it("lets a listener ask the view before it posts", async () => {
    seen.length = 0;
    const w = await world(description);
    const { bot } = await startedBot(w, { listeners: [Watcher], messageContent: true });
    await w.people.ada.say(w.channels.general, "hi");
    await bot.idle();
    expect(seen).toEqual(["general: may post in mod-log false, same view true"]);
  });

  it("keeps the members met, says undefined for the others, and fetches one on demand", async () => {
    const w = await world({ ...description, people: ["mod", "ada", "bea", "cy"] });
    // Member events come with the privileged guild_members intent (the app has privileged access).
    const { bot } = await startedBot(w, {
      listeners: [Watcher],
      messageContent: true,
      intents: ["guild_members"],
    });
    const server = bot.world.server(w.server.id)!;
    const { ada, bea, cy } = w.people;
    // Nobody met yet: unknown is undefined, never a guess.
    expect(server.members.get(ada.id)).toBeUndefined();
    await ada.say(w.channels.general, "hello");
    await bot.idle();
    // A message author is met as a user: known by name, not as a member (no roles or join time told).
    expect(server.members.user(ada.id)).toMatchObject({ id: ada.id, username: "ada" });
    expect(server.members.get(ada.id)).toBeUndefined();
    // A member event (guild_members) tells the whole member.
    await w.person("owner").addRole(bea, w.roles.mods);
    await expect.poll(() => server.members.get(bea.id)?.roles).toEqual([w.roles.mods.id]);
    // Fetched over REST, then kept.
    const fetched = await server.members.fetch(cy.id);
    expect(fetched).toMatchObject({ user: { id: cy.id, username: "cy" }, roles: [] });
    expect(server.members.get(cy.id)).toEqual(fetched);
    // A person who left: gone from the view, and a fetch says so with undefined.
    await cy.leave();
    await expect.poll(() => server.members.get(cy.id)).toBeUndefined();
    expect(await server.members.fetch(cy.id)).toBeUndefined();
    // A snapshot read over REST (no emojis in it) replaces the server but keeps what it does not carry.
    bot.world.load(await bot.rest.getGuild(w.server.id));
    expect(server.members.get(bea.id)?.roles).toEqual([w.roles.mods.id]);
    expect(server.emojis).toEqual([]);
  });

  it("forgets a server the bot was removed from while it was not connected", async () => {
    const w = await world({ people: ["owner"], servers: { one: {}, two: {} } });
    const deletes: string[] = [];
    class Deletes {
      @On("GUILD_DELETE")
      gone(payload: { id: string }) {
        deletes.push(payload.id);
      }
    }
    const { bot } = await startedBot(w, { listeners: [Deletes] });
    const two = w.servers.two!.id;
    expect(bot.world.server(two)?.name).toBe("two");
    await w.faults.closeGateway(4000);
    const dev = new DevClient({ baseUrl: w.baseUrl });
    await dev.call("uninstallApp", { params: { guild_id: two, app_id: w.app.id }, as: w.people.owner.id });
    await w.app.connected();
    await expect.poll(() => bot.gateway.state).toBe("ready");
    // No GUILD_DELETE could reach the bot: the fresh READY did not name the server, and it is gone.
    expect(deletes).toEqual([]);
    expect(bot.world.server(two)).toBeUndefined();
    expect(bot.world.server(w.servers.one!.id)?.name).toBe("one");
  });
});
