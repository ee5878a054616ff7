import "@chatbot/testing/vitest";
import { describe, expect, it } from "vitest";
import {
  Command,
  CommandContext,
  EventContext,
  type Message,
  type Middleware,
  On,
  singleton,
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

  it("says so when a context was made outside a bot", async () => {
    const w = await world({ people: ["ada"] });
    botFor(w);
    const ctx = new EventContext("READY", {} as never, "1");
    expect(() => ctx.resolve(Polls)).toThrow(/made outside a bot: ctx.resolve\(\) needs the bot/);
  });
});
