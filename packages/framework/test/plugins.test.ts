import "@chatbot/testing/vitest";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import {
  Command,
  CommandContext,
  createBot,
  DefinitionError,
  type Disposable,
  definePlugin,
  type EventPayload,
  intentsOfBot,
  Listener,
  type Middleware,
  On,
  OnSchedule,
  RestClient,
  Scheduler,
  singleton,
} from "../src/index.js";
import { lines, startedBot, world } from "./support.js";

/** The greeter plugin's settings, made from its options and injected by type. */
class GreeterSettings {
  constructor(readonly greeting: string) {}
}

/** The plugin's own counter: not exported, so the bot's classes never meet this instance. */
@singleton()
class GreetCount {
  count = 0;
}

/** Exported: one instance, shared by the plugin's classes and the bot's. */
@singleton()
class Greetings {
  constructor(private readonly settings: GreeterSettings) {}
  say(name: string): string {
    return `${this.settings.greeting}, ${name}!`;
  }
}

@Command({ name: "greet", description: "Greets you" })
class Greet {
  constructor(
    private readonly greetings: Greetings,
    private readonly count: GreetCount,
  ) {}
  async run(ctx: CommandContext) {
    this.count.count += 1;
    await ctx.reply(`${this.greetings.say(ctx.user.username)} (${this.count.count})`);
  }
}

@Command({ name: "greet-later", description: "Greets you in a minute" })
class GreetLater {
  constructor(private readonly scheduler: Scheduler) {}
  async run(ctx: CommandContext) {
    await this.scheduler.schedule({ afterMs: 60_000 }, "greeter:later", { channelId: ctx.channelId });
    await ctx.reply("in a minute");
  }
}

@Listener()
class GreetWatch {
  constructor(
    private readonly rest: RestClient,
    private readonly greetings: Greetings,
  ) {}

  @On("MESSAGE_CREATE")
  async hello(message: EventPayload<"MESSAGE_CREATE">) {
    if (message.content === "hello bot") {
      await this.rest.createMessage(message.channel_id, {
        content: this.greetings.say(message.author.username),
      });
    }
  }

  @OnSchedule("greeter:later")
  async later(payload: { channelId: string }) {
    await this.rest.createMessage(payload.channelId, { content: this.greetings.say("later") });
  }
}

const greeter = definePlugin({
  name: "greeter",
  options: v.strictObject({
    greeting: v.optional(v.pipe(v.string(), v.nonEmpty("must not be empty"), v.maxLength(20)), "Hello"),
  }),
  commands: [Greet, GreetLater],
  listeners: [GreetWatch],
  exports: [Greetings],
  messageContent: true,
  setup: (options) => ({
    providers: [{ provide: GreeterSettings, useValue: new GreeterSettings(options.greeting) }],
  }),
});

/** A bot's own command that uses the greeter's exported service. */
@Command({ name: "welcome", description: "Welcomes you" })
class Welcome {
  constructor(
    private readonly greetings: Greetings,
    private readonly count: GreetCount,
  ) {}
  async run(ctx: CommandContext) {
    await ctx.reply(`${this.greetings.say("all")} (bot's count ${this.count.count})`);
  }
}

/** A plugin's service with a dispose(): it ends with the bot. */
@singleton()
class Ticker implements Disposable {
  disposed = false;
  dispose(): void {
    this.disposed = true;
  }
}

/** Made per use, in a child of the plugin's container: it gets the use's context and the plugin's services. */
@Command({ name: "tick", description: "Ticks", scope: "interaction" })
class Tick {
  constructor(
    private readonly ctx: CommandContext,
    private readonly ticker: Ticker,
    private readonly settings: GreeterSettings,
  ) {}
  async run() {
    await this.ctx.reply(`${this.settings.greeting}: tick (${this.ticker.disposed ? "ended" : "running"})`);
  }
}

const ticking = definePlugin({
  name: "ticking",
  commands: [Tick],
  exports: [Ticker],
  providers: [{ provide: GreeterSettings, useValue: new GreeterSettings("Tock") }],
});

describe("plugins", () => {
  it("adds a plugin's commands, listeners, jobs and services to a bot in one line", async () => {
    const w = await world({ people: ["ada"] });
    const { bot } = await startedBot(w, { commands: [Welcome], plugins: [greeter({ greeting: "Hi" })] });
    const { ada } = w.people;
    expect([...bot.commands.keys()].sort()).toEqual(["greet", "greet-later", "welcome"]);
    // Its listener's intent and its message content join the bot's.
    expect(bot.intents).toEqual(expect.arrayContaining(["guild_messages", "message_content"]));

    expect(await (await ada.use(w.channels.general, "/greet")).answered()).toHaveAnswered({
      content: "Hi, ada! (1)",
    });
    expect(await (await ada.use(w.channels.general, "/greet")).answered()).toHaveAnswered({
      content: "Hi, ada! (2)",
    });
    // The bot's class gets the exported service, but a counter of its own: the plugin's is its own.
    expect(await (await ada.use(w.channels.general, "/welcome")).answered()).toHaveAnswered({
      content: "Hi, all! (bot's count 0)",
    });

    await ada.say(w.channels.general, "hello bot");
    expect((await w.nextMessage(w.channels.general, { from: w.app })).content).toBe("Hi, ada!");

    expect(await (await ada.use(w.channels.general, "/greet-later")).answered()).toHaveAnswered({
      content: "in a minute",
    });
    w.clock.advance(60_000);
    expect((await w.nextMessage(w.channels.general, { from: w.app, matching: "later" })).content).toBe(
      "Hi, later!",
    );
    // One instance of the export, whether the bot or the plugin asks.
    expect(bot.resolve(Greetings)).toBe(bot.resolve(Greetings));
  });

  it("takes the options' defaults, and runs a plugin's middleware before every command", async () => {
    const seen: string[] = [];
    const audit: Middleware<CommandContext> = async (ctx, next) => {
      seen.push(ctx.commandName);
      await next();
    };
    const auditing = definePlugin({ name: "audit", middleware: [audit] });
    const w = await world({ people: ["ada"] });
    await startedBot(w, { commands: [Welcome], plugins: [greeter(), auditing()] });
    expect(await (await w.people.ada.use(w.channels.general, "/greet")).answered()).toHaveAnswered({
      content: "Hello, ada! (1)",
    });
    await (await w.people.ada.use(w.channels.general, "/welcome")).answered();
    expect(seen).toEqual(["greet", "welcome"]);
  });

  it("makes a plugin's per-use commands in its container, and disposes its services with the bot", async () => {
    const w = await world({ people: ["ada"] });
    const { bot } = await startedBot(w, { plugins: [ticking(), greeter({ greeting: "Hi" })] });
    expect(await (await w.people.ada.use(w.channels.general, "/tick")).answered()).toHaveAnswered({
      content: "Tock: tick (running)",
    });
    // Each plugin has its own settings under the same token: the greeter's are not the ticker's.
    expect(await (await w.people.ada.use(w.channels.general, "/greet")).answered()).toHaveAnswered({
      content: "Hi, ada! (1)",
    });
    const ticker = bot.resolve(Ticker);
    await bot.stop();
    expect(ticker.disposed).toBe(true);
  });

  it("refuses two plugins, or a plugin and the bot, that define one command name, naming both", () => {
    @Command({ name: "greet", description: "Another greeting" })
    class OtherGreet {
      async run(ctx: CommandContext) {
        await ctx.reply("hey");
      }
    }
    const other = definePlugin({ name: "other-greeter", commands: [OtherGreet] });
    const make = (options: Parameters<typeof createBot>[0]) => () => createBot(options);
    const base = { token: "t", baseUrl: "http://127.0.0.1:1", logger: "silent" } as const;

    expect(make({ ...base, plugins: [greeter(), other()] })).toThrow(
      '/greet is defined by both plugin "greeter" (Greet) and plugin "other-greeter" (OtherGreet); a command name has one owner',
    );
    expect(make({ ...base, commands: [OtherGreet], plugins: [greeter()] })).toThrow(
      '/greet is defined by both the bot (OtherGreet) and plugin "greeter" (Greet)',
    );
    expect(make({ ...base, plugins: [greeter(), greeter()] })).toThrow('plugin "greeter" is listed twice');
    @Listener()
    class OtherLater {
      @OnSchedule("greeter:later")
      later() {}
    }
    const late = definePlugin({ name: "late", listeners: [OtherLater] });
    expect(make({ ...base, plugins: [greeter(), late()] })).toThrow(
      'the job "greeter:later" is handled by both plugin "greeter" (GreetWatch) and plugin "late" (OtherLater); a job has one handler',
    );
    expect(make({ ...base, plugins: [greeter as never] })).toThrow(
      /plugins\[0\] is not a plugin: list what a plugin's function answers/,
    );
  });

  it("checks a plugin's options when the bot is made, naming the plugin, the option and the rule", () => {
    const base = { token: "t", baseUrl: "http://127.0.0.1:1", logger: "silent" } as const;
    const problems = (options: unknown) => {
      try {
        createBot({ ...base, plugins: [greeter(options as never)] });
      } catch (error) {
        expect(error).toBeInstanceOf(DefinitionError);
        return (error as DefinitionError).problems;
      }
      throw new Error("the bot was made");
    };
    expect(problems({ greeting: "" })).toEqual(['plugin "greeter": option greeting: must not be empty']);
    expect(problems({ greeting: 5 })).toEqual([
      'plugin "greeter": option greeting: Invalid type: Expected string but received 5',
    ]);
    expect(problems({ greting: "Hi" })).toEqual([
      'plugin "greeter": option greting: Invalid key: Expected never but received "greting"',
    ]);
    // The hosts that read a definition before making the bot (chatbot dev, the cluster) refuse it too.
    expect(() => intentsOfBot({ plugins: [greeter({ greeting: "" } as never)] })).toThrow(
      'plugin "greeter": option greeting: must not be empty',
    );
  });

  it("merges a plugin's intents, and warns of a server whose install lacks a scope it needs", async () => {
    const roster = definePlugin({ name: "roster", intents: ["guild_members"] });
    expect(intentsOfBot({ intents: ["guilds"], plugins: [roster()] })).toEqual([
      "guild_expressions",
      "guild_members",
      "guilds",
    ]);
    // members.read takes effect only with privileged access, which the world's app lacks.
    const members = definePlugin({ name: "members", scopes: ["members.read"] });
    const w = await world({ people: ["ada"] });
    const { logger } = await startedBot(w, { plugins: [members()] });
    expect(lines(logger).join("\n")).toMatch(
      /warn some plugins lack a scope they need: in server "test" \(\d+\) the install does not grant members\.read \(for plugin "members"\)/,
    );
  });
});
