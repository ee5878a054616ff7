import { createTestWorld } from "@chatbot/testing";
import "@chatbot/testing/vitest";
import { expect, it } from "vitest";
import { Command, CommandContext, createBot, singleton } from "../src/index.js";

@singleton()
class Counter {
  count = 0;
}

@Command({ name: "count", description: "Counts its uses" })
class Count {
  constructor(private readonly counter: Counter) {}
  async run(ctx: CommandContext) {
    this.counter.count += 1;
    await ctx.reply(`used ${this.counter.count} time(s)`);
  }
}

async function worldWithBot() {
  const world = await createTestWorld({ people: ["ada"] });
  const bot = createBot({
    token: world.token,
    baseUrl: world.baseUrl,
    clock: world.clock,
    commands: [Count],
    logger: "silent",
  });
  await bot.start();
  world.onClose(() => bot.stop());
  return { world, bot };
}

it("gives each bot its own instance of a @singleton() service, shared by all its uses", async () => {
  const first = await worldWithBot();
  const second = await worldWithBot();
  await using _first = first.world;
  await using _second = second.world;
  const use = async (world: typeof first.world) =>
    (await world.people.ada.use(world.channels.general, "/count")).answered();

  expect(await use(first.world)).toHaveAnswered({ content: "used 1 time(s)" });
  expect(await use(first.world)).toHaveAnswered({ content: "used 2 time(s)" });
  // The other bot, in the same process, has not been used yet.
  expect(await use(second.world)).toHaveAnswered({ content: "used 1 time(s)" });
  expect(first.bot.container.resolve(Counter)).not.toBe(second.bot.container.resolve(Counter));
});
