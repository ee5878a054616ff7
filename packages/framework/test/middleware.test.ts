import "@chatbot/testing/vitest";
import { describe, expect, it } from "vitest";
import {
  Command,
  type CommandContext,
  cooldown,
  type Middleware,
  observe,
  onlyChannels,
  Option,
  requireBotPermissions,
  requirePermissions,
  UseMiddleware,
} from "../src/index.js";
import { botFor, lines, startedBot, world } from "./support.js";

const order: string[] = [];
const note =
  (name: string): Middleware<CommandContext> =>
  async (_ctx, next) => {
    order.push(name);
    await next();
  };

@Command({ name: "warn", description: "Warn a member" })
@UseMiddleware(requirePermissions("moderate_members"), note("class"))
class Warn {
  @UseMiddleware(note("method"))
  async run(ctx: CommandContext) {
    order.push("handler");
    await ctx.reply({ content: "warned", ephemeral: true });
  }
}

@Command({ name: "pin", description: "Needs the bot to manage messages" })
@UseMiddleware(requireBotPermissions("manage_messages", "embed_links"))
class Pin {
  async run(ctx: CommandContext) {
    await ctx.reply("pinned");
  }
}

@Command({ name: "hug", description: "Once every 10 s per person" })
@UseMiddleware(cooldown({ per: "user", ms: 10_000 }))
class Hug {
  async run(ctx: CommandContext) {
    await ctx.reply("hug!");
  }
}

@Command({ name: "vote", description: "Once every 10 s per person; a vote for nothing is given back" })
@UseMiddleware(cooldown({ per: "user", ms: 10_000 }))
class Vote {
  async run(ctx: CommandContext, @Option.string("for", "What to vote for") choice: string) {
    if (choice !== "tea" && choice !== "coffee") {
      ctx.cooldown.refund();
      await ctx.reply({ content: `There is no ${choice} in this poll.`, ephemeral: true });
      return;
    }
    await ctx.reply({ content: `Voted ${choice}.`, ephemeral: true });
  }
}

let general = "";
@Command({ name: "here", description: "Only in #general" })
// The channel's id is known once the world exists: the middleware is made per use here.
@UseMiddleware((ctx, next) => onlyChannels(general)(ctx, next))
class Here {
  async run(ctx: CommandContext) {
    await ctx.reply("here");
  }
}

@Command({ name: "greedy", description: "Its middleware calls next twice" })
@UseMiddleware(async function twice(_ctx, next) {
  await next();
  await next();
})
class Greedy {
  async run(ctx: CommandContext) {
    await ctx.reply("once");
  }
}

describe("middleware", () => {
  it("runs global, class, then method middleware; requirePermissions refuses naming what is missing", async () => {
    order.length = 0;
    const w = await world({
      people: ["mod", "bob"],
      roles: { mods: ["moderate_members"] },
      members: { mod: ["mods"], bob: [] },
    });
    await startedBot(w, { commands: [Warn], middleware: [note("global")] });
    const allowed = await w.people.mod.use(w.channels.general, "/warn");
    await allowed.answered();
    expect(allowed).toHaveAnswered({ ephemeral: true, content: "warned" });
    expect(order).toEqual(["global", "class", "method", "handler"]);

    order.length = 0;
    const refused = await w.people.bob.use(w.channels.general, "/warn");
    await refused.answered();
    expect(refused).toHaveAnswered({
      ephemeral: true,
      content: "You need the `moderate_members` permission here to use /warn.",
    });
    expect(order).toEqual(["global"]);
  });

  it("requireBotPermissions names what the bot lacks in the channel", async () => {
    const w = await world({ people: ["alice"], app: { permissions: ["view_channels", "send_messages"] } });
    await startedBot(w, { commands: [Pin] });
    const outcome = await w.people.alice.use(w.channels.general, "/pin");
    await outcome.answered();
    expect(outcome).toHaveAnswered({
      ephemeral: true,
      // embed_links comes from the everyone role: only what is missing is named.
      content: "I need the `manage_messages` permission in this channel for /pin.",
    });
  });

  it("cooldown answers with the time left, on the bot's clock", async () => {
    const w = await world({ people: ["alice", "bob"] });
    await startedBot(w, { commands: [Hug] });
    const { alice, bob } = w.people;
    await (await alice.use(w.channels.general, "/hug")).answered();
    w.clock.advance(2_500);
    const again = await (await alice.use(w.channels.general, "/hug")).answered();
    expect(again).toHaveAnswered({ ephemeral: true, content: "/hug is cooling down: try again in 7.5 s." });
    expect(await (await bob.use(w.channels.general, "/hug")).answered()).toHaveAnswered({ content: "hug!" });
    w.clock.advance(7_500);
    expect(await (await alice.use(w.channels.general, "/hug")).answered()).toHaveAnswered({
      content: "hug!",
    });
  });

  it("a handler gives a refused use back with ctx.cooldown.refund()", async () => {
    const w = await world({ people: ["alice"] });
    await startedBot(w, { commands: [Vote] });
    const vote = async (choice: string) =>
      (await w.people.alice.use(w.channels.general, "/vote", { for: choice })).answered();
    expect(await vote("milk")).toHaveAnswered({ ephemeral: true, content: "There is no milk in this poll." });
    // The refused use did not count: the next one goes through at once.
    expect(await vote("tea")).toHaveAnswered({ ephemeral: true, content: "Voted tea." });
    // An accepted one does.
    expect(await vote("coffee")).toHaveAnswered({
      ephemeral: true,
      content: "/vote is cooling down: try again in 10 s.",
    });
  });

  it("a use a cooldown refused is logged refused, as /metrics counts it", async () => {
    const w = await world({ people: ["alice"] });
    const { bot, logger } = botFor(w, { commands: [Hug] });
    const served = await observe(bot, { port: 0 });
    try {
      await bot.start();
      const hug = async () => (await w.people.alice.use(w.channels.general, "/hug")).answered();
      expect(await hug()).toHaveAnswered({ content: "hug!" });
      expect(await hug()).toHaveAnswered({
        ephemeral: true,
        content: "/hug is cooling down: try again in 10 s.",
      });
      await expect
        .poll(async () => (await fetch(`${served.url}/metrics`)).text())
        .toMatch(/^chatbot_interactions_total\{[^}]*chatbot_outcome="refused"[^}]*\} 1/m);
      const uses = lines(logger).filter((l) => l.startsWith("info /hug by alice:"));
      expect(uses.map((l) => l.split(",")[0])).toEqual([
        "info /hug by alice: answered",
        "info /hug by alice: refused",
      ]);
    } finally {
      await served.close();
    }
  });

  it("onlyChannels refuses elsewhere; next() twice is an error the person is told about", async () => {
    const w = await world({ people: ["alice"], channels: { general: {}, random: {} } });
    general = w.channels.general.id;
    const { logger } = await startedBot(w, { commands: [Here, Greedy] });
    expect(await (await w.people.alice.use(w.channels.general, "/here")).answered()).toHaveAnswered({
      content: "here",
    });
    expect(await (await w.people.alice.use(w.channels.random, "/here")).answered()).toHaveAnswered({
      ephemeral: true,
      content: `This command works only in <#${general}>.`,
    });
    const greedy = await (await w.people.alice.use(w.channels.general, "/greedy")).answered();
    await expect
      .poll(() => greedy.answers.map((m) => m.content))
      .toEqual(["once", "Something went wrong while running /greedy."]);
    expect(lines(logger).some((l) => l.includes("middleware 1 (twice) called next() twice"))).toBe(true);
  });
});
