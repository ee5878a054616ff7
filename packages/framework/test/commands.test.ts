import type { Role, User } from "@chatbot/protocol";
import "@chatbot/testing/vitest";
import { describe, expect, it } from "vitest";
// CommandContext is injected into Where: a value import keeps its type in the decorator metadata.
import {
  Command,
  CommandContext,
  Option,
  type ResolvedChannel,
  RestClient,
  singleton,
} from "../src/index.js";
import { lines, startedBot, world } from "./support.js";

@singleton()
class Dice {
  rolls = 0;
  roll(sides: number): number {
    this.rolls += 1;
    return Math.min(sides, 4);
  }
}

@Command({ name: "roll", description: "Rolls a die" })
class Roll {
  static made = 0;
  constructor(
    private readonly dice: Dice,
    private readonly rest: RestClient,
  ) {
    Roll.made += 1;
  }

  async run(
    ctx: CommandContext,
    @Option.integer("sides", "Sides of the die", { min: 2, max: 100 }) sides: number,
    @Option.user("for", "Who rolls", { optional: true }) who?: User,
    @Option.string("note", "A note", { optional: true, maxLength: 20, choices: ["lucky", "plain"] })
    note?: string,
  ) {
    const me = await this.rest.getMe();
    const name = who ? `<@${who.id}>` : ctx.user.username;
    await ctx.reply(
      `${name} rolled ${this.dice.roll(sides)} of ${sides}${note ? ` (${note})` : ""}, said ${me.username}`,
    );
  }
}

@Command({ name: "where", description: "Names a channel and a role", scope: "interaction" })
class Where {
  static made = 0;
  constructor(readonly ctx: CommandContext) {
    Where.made += 1;
  }

  async run(
    _ctx: CommandContext,
    @Option.channel("channel", "A channel") channel: ResolvedChannel,
    @Option.role("role", "A role") role: Role,
    @Option.boolean("loud", "Say it to everyone", { optional: true }) loud?: boolean,
  ) {
    await this.ctx.reply({
      content: `#${channel.name} (${channel.kind}) and @${role.name}`,
      ephemeral: loud !== true,
    });
  }
}

describe("commands", () => {
  it("registers the options once declared, and hands the handler typed, resolved values and its services", async () => {
    const w = await world({ people: ["alice", "bob"], roles: { mods: ["manage_messages"] } });
    const { bot, logger } = await startedBot(w, { commands: [Roll, Where] });
    const registered = await bot.rest.getGlobalCommands();
    expect(registered.find((c) => c.name === "roll")?.options).toEqual([
      {
        type: 4,
        name: "sides",
        description: "Sides of the die",
        required: true,
        min_value: 2,
        max_value: 100,
      },
      { type: 6, name: "for", description: "Who rolls", required: false },
      {
        type: 3,
        name: "note",
        description: "A note",
        required: false,
        max_length: 20,
        choices: [
          { name: "lucky", value: "lucky" },
          { name: "plain", value: "plain" },
        ],
      },
    ]);
    const { alice, bob } = w.people;

    const outcome = await alice.use(w.channels.general, "/roll", { sides: 6, for: bob, note: "lucky" });
    await outcome.answered();
    expect(outcome).toHaveAnswered({
      ephemeral: false,
      content: `<@${bob.id}> rolled 4 of 6 (lucky), said app_${w.app.id}`,
    });
    expect(bot.container.resolve(Dice).rolls).toBe(1);

    const where = await alice.use(w.channels.general, "/where", {
      channel: w.channels.general,
      role: w.roles.mods,
    });
    await where.answered();
    expect(where).toHaveAnswered({ ephemeral: true, content: "#general (text) and @mods" });
    expect(
      lines(logger).some((l) =>
        /^info \/roll by alice: answered, delivered \d+ ms after use, first callback after \d+ ms$/.test(l),
      ),
    ).toBe(true);
  });

  it("resolves a per-interaction class anew for each use, with its context injected, and a singleton once", async () => {
    const w = await world({ people: ["alice"], roles: { mods: [] } });
    await startedBot(w, { commands: [Roll, Where] });
    Roll.made = 0;
    Where.made = 0;
    for (let i = 0; i < 2; i++) {
      await (await w.people.alice.use(w.channels.general, "/roll", { sides: 3 })).answered();
      const where = await w.people.alice.use(w.channels.general, "/where", {
        channel: w.channels.general,
        role: w.roles.mods,
        loud: true,
      });
      await where.answered();
      expect(where).toHaveAnswered({ ephemeral: false, content: "#general (text) and @mods" });
    }
    expect(Roll.made).toBe(1);
    expect(Where.made).toBe(2);
  });
});
