import { describe, expect, it } from "vitest";
import {
  Command,
  type CommandContext,
  createBot as makeBot,
  DefinitionError,
  describePlan,
  Option,
} from "../src/index.js";
import { botFor, startedBot, world } from "./support.js";

@Command({ name: "roll", description: "Rolls a die" })
class Roll {
  async run(ctx: CommandContext, @Option.integer("sides", "Sides", { min: 2 }) sides: number) {
    await ctx.reply(`d${sides}`);
  }
}

@Command({ name: "roll", description: "Rolls dice" })
class RollV2 {
  async run(ctx: CommandContext, @Option.integer("sides", "Sides", { min: 4 }) sides: number) {
    await ctx.reply(`d${sides}`);
  }
}

@Command({ name: "ping", description: "Pong" })
class Ping {
  async run(ctx: CommandContext) {
    await ctx.reply("pong");
  }
}

/** The writes (`PUT`, `POST`, `PATCH`, `DELETE`) a bot's REST client made to command routes. */
function commandWrites() {
  const writes: string[] = [];
  return {
    writes,
    rest: {
      hooks: {
        response: (info: { method: string; path: string }) => {
          if (info.method !== "GET" && info.path.includes("/commands"))
            writes.push(`${info.method} ${info.path}`);
        },
      },
    },
  };
}

describe("command sync", () => {
  it("writes once per scope that differs, and nothing when already in sync", async () => {
    const w = await world({ people: ["alice"] });
    const first = commandWrites();
    const { bot } = await startedBot(w, { commands: [Roll, Ping], rest: first.rest });
    expect(first.writes).toEqual(["PUT /v1/applications/@me/commands"]);
    await bot.stop();

    const again = commandWrites();
    const { bot: same } = botFor(w, { commands: [Ping, Roll], rest: again.rest });
    const plan = await same.plan();
    expect(describePlan(plan)).toBe("commands unchanged");
    await same.start();
    expect(again.writes).toEqual([]);
    await same.stop();

    const changed = commandWrites();
    const { bot: next } = botFor(w, { commands: [RollV2], rest: changed.rest });
    const diff = await next.plan();
    expect(diff.scopes).toEqual([
      expect.objectContaining({
        scope: "global",
        added: [],
        changed: [{ name: "roll", fields: ["description", "options.sides.min_value"] }],
        removed: ["ping"],
      }),
    ]);
    expect(changed.writes).toEqual([]);
    expect(describePlan(diff)).toBe("global: ~ roll (description, options.sides.min_value), - ping");
    await next.start();
    expect(changed.writes).toEqual(["PUT /v1/applications/@me/commands"]);
    expect((await next.rest.getGlobalCommands()).map((c) => [c.name, c.description])).toEqual([
      ["roll", "Rolls dice"],
    ]);
  });

  it("registers every command in the development server instead, leaving global commands alone", async () => {
    const w = await world({ people: ["alice"] });
    const { bot } = await startedBot(w, { commands: [Roll, Ping], devGuild: w.server.id });
    expect(await bot.rest.getGlobalCommands()).toEqual([]);
    expect((await bot.rest.getGuildCommands(w.server.id)).map((c) => c.name).sort()).toEqual([
      "ping",
      "roll",
    ]);
    const outcome = await (await w.people.alice.use(w.channels.general, "/roll", { sides: 6 })).answered();
    expect(outcome.answer?.content).toBe("d6");
  });
});

describe("checks at start", () => {
  it("names the class and member of every broken rule, all at once", () => {
    @Command({ name: "Bad Name", description: "" })
    class Broken {
      async run(
        _ctx: CommandContext,
        @Option.string("first", "Optional first", { optional: true }) _a?: string,
        @Option.integer("second", "Required after", { min: 5, max: 1 }) _b?: number,
        @Option.string("second", "Twice") _c?: string,
      ) {}
    }
    @Command({ name: "count", description: "Wrong parameter type" })
    class WrongType {
      async run(_ctx: CommandContext, @Option.integer("n", "A number") _n: string) {}
    }
    class NotACommand {}
    const made = () =>
      makeBot({
        token: "t",
        baseUrl: "http://127.0.0.1:1",
        commands: [Broken, WrongType, NotACommand, Ping, Ping],
      });
    expect(made).toThrow(DefinitionError);
    let problems: readonly string[] = [];
    try {
      made();
    } catch (error) {
      problems = (error as DefinitionError).problems;
    }
    expect(problems).toEqual([
      "@Command on Broken: name: must be lowercase letters, digits, - or _",
      "@Command on Broken: description: at least 1 character",
      'Broken.run parameter 2 (@Option "second") max: must be at least min_value',
      'Broken.run parameter 3 (@Option "second") name: must be unique among the options: "second" is used twice',
      'Broken.run parameter 2 (@Option "second") (required/optional): a required option must come before every optional option',
      'Broken.run parameter 3 (@Option "second") (required/optional): a required option must come before every optional option',
      'WrongType.run parameter 1 (@Option "n"): the parameter\'s type must be number, got String',
      "NotACommand is listed as a command but has no @Command({ name, description })",
      "Ping and Ping both register /ping globally",
    ]);
  });
});
