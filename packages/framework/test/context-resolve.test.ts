import "@chatbot/testing/vitest";
import { describe, expect, it } from "vitest";
import {
  Command,
  CommandContext,
  EventContext,
  type Message,
  Logger,
  MemoryStore,
  type Middleware,
  On,
  singleton,
  StateStore,
  UseMiddleware,
} from "../src/index.js";
import { botFor, startedBot, world } from "./support.js";

/** A service a middleware asks: is a poll open in this channel? */
@singleton()
class Polls {
  readonly open = new Set<string>();
}

const whilePollOpen: Middleware<CommandContext> = async (ctx, next) => {
  if (!ctx.resolve(Polls).open.has(ctx.channelId)) {
    await ctx.reply({ content: "No poll is open here.", ephemeral: true });
    return;
  }
  await next();
};

@Command({ name: "open", description: "Opens a poll" })
class Open {
  constructor(private readonly polls: Polls) {}
  async run(ctx: CommandContext) {
    this.polls.open.add(ctx.channelId);
    await ctx.reply("Poll open.");
  }
}

@Command({ name: "vote", description: "Votes" })
@UseMiddleware(whilePollOpen)
class Vote {
  async run(ctx: CommandContext) {
    await ctx.reply({ content: "Voted.", ephemeral: true });
  }
}

const heard: string[] = [];
const onlyDuringPolls: Middleware<EventContext> = async (ctx, next) => {
  if (ctx.channelId && ctx.resolve(Polls).open.has(ctx.channelId)) await next();
};

class Chatter {
  @On("MESSAGE_CREATE")
  @UseMiddleware(onlyDuringPolls)
  said(message: Message) {
    if (!message.author.bot) heard.push(message.content);
  }
}

describe("ctx.resolve", () => {
  it("gives command and event middleware the bot's services", async () => {
    const w = await world({ people: ["ada"] });
    await startedBot(w, { commands: [Open, Vote], listeners: [Chatter], messageContent: true });
    const general = w.channels.general;
    const ask = async (name: string) => {
      const outcome = await w.people.ada.use(general, name);
      await outcome.answered();
      return outcome;
    };
    expect(await ask("/vote")).toHaveAnswered({ content: "No poll is open here.", ephemeral: true });
    await w.people.ada.say(general, "before the poll");
    expect(await ask("/open")).toHaveAnswered({ content: "Poll open." });
    expect(await ask("/vote")).toHaveAnswered({ content: "Voted.", ephemeral: true });
    await w.people.ada.say(general, "during the poll");
    await expect.poll(() => heard).toEqual(["during the poll"]);
  });

  it("takes StateStore, an abstract class, as ctx.resolve(StateStore) and bot.resolve(StateStore), typed", async () => {
    // Counts the uses of /count in the bot's store: the middleware reaches it by its class.
    const counted: Middleware<CommandContext> = async (ctx, next) => {
      const store: StateStore = ctx.resolve(StateStore);
      await store.update<number>("uses", (n) => (n ?? 0) + 1);
      await next();
    };
    @Command({ name: "count", description: "Counts its uses" })
    @UseMiddleware(counted)
    class Count {
      async run(ctx: CommandContext) {
        await ctx.reply(`used ${await ctx.resolve(StateStore).get<number>("uses")} times`);
      }
    }
    const w = await world({ people: ["ada"] });
    const store = new MemoryStore();
    const { bot } = await startedBot(w, { commands: [Count], store });
    await (await w.people.ada.use(w.channels.general, "/count")).answered();
    const second = await (await w.people.ada.use(w.channels.general, "/count")).answered();
    expect(second).toHaveAnswered({ content: "used 2 times" });
    // From a test or a host holding the bot: the same services, by their class.
    const resolved: StateStore = bot.resolve(StateStore);
    expect(resolved).toBe(store);
    expect(await resolved.get("uses")).toBe(2);
    expect(bot.resolve(Logger)).toBe(bot.logger);
  });

  it("says so when a context was made outside a bot", async () => {
    const w = await world({ people: ["ada"] });
    botFor(w);
    const ctx = new EventContext("READY", {} as never, "1");
    expect(() => ctx.resolve(Polls)).toThrow(/made outside a bot: ctx.resolve\(\) needs the bot/);
  });
});
