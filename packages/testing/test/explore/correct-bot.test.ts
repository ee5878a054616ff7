import { Command, CommandContext, createBot, MemoryStore, Option, StateStore } from "@chatbot/framework";
import { explore } from "@chatbot/testing";
import { expect, it } from "vitest";

@Command({ name: "echo", description: "Says your text back" })
class Echo {
  async run(ctx: CommandContext, @Option.string("text", "What to say", { maxLength: 200 }) text: string) {
    await ctx.reply({ content: text, allowed_mentions: { parse: [] } });
  }
}

@Command({ name: "count", description: "Counts its uses" })
class Count {
  async run(ctx: CommandContext) {
    const n = await ctx.resolve(StateStore).update<number>("uses", (u) => (u ?? 0) + 1);
    await ctx.reply(`used ${n} times`);
  }
}

it("passes a correct bot through the default budget", async () => {
  const report = await explore({
    store: () => new MemoryStore(),
    bot: (env) => createBot({ commands: [Echo, Count], ...env }),
    // A fixed seed keeps npm test stable; CHATBOT_EXPLORE_SEED=random explores new scenarios.
    ...(process.env.CHATBOT_EXPLORE_SEED === "random" ? {} : { seed: 1165277048 }),
  });
  expect(report.scenarios).toBeGreaterThan(0);
  console.log(report);
}, 120_000);
