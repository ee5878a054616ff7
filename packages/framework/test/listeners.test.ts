import "@chatbot/testing/vitest";
import { describe, expect, it } from "vitest";
import {
  type EventContext,
  type EventPayload,
  ignoreBots,
  Listener,
  On,
  Once,
  RestClient,
  UseMiddleware,
} from "../src/index.js";
import { lines, startedBot, world } from "./support.js";

const seen: string[] = [];

@Listener()
class Welcome {
  constructor(private readonly rest: RestClient) {}

  @On("GUILD_MEMBER_ADD")
  async greet(member: EventPayload<"GUILD_MEMBER_ADD">) {
    const channels = await this.rest.getGuildChannels(member.guild_id);
    await this.rest.createMessage(channels[0]!.id, { content: `Welcome, ${member.user.name}!` });
  }
}

class Echo {
  @On("MESSAGE_CREATE")
  @UseMiddleware(ignoreBots())
  heard(message: EventPayload<"MESSAGE_CREATE">, ctx: EventContext<"MESSAGE_CREATE">) {
    seen.push(`${message.author.username}: ${message.content}${ctx.recovered ? " (recovered)" : ""}`);
  }

  @Once("MESSAGE_CREATE")
  first(message: EventPayload<"MESSAGE_CREATE">) {
    seen.push(`first: ${message.content}`);
  }

  @On("MESSAGE_CREATE")
  fragile(message: EventPayload<"MESSAGE_CREATE">) {
    if (message.content === "boom") throw new Error("listener broke");
  }
}

describe("listeners", () => {
  it("derives the intents, injects services, runs @Once once, skips bots, and survives a throw", async () => {
    seen.length = 0;
    const w = await world({
      people: ["alice", "bob", "carol"],
      members: ["alice", "bob"],
      app: { privileged: true, intents: ["guilds", "guild_messages", "message_content", "guild_members"] },
    });
    const { bot, logger } = await startedBot(w, { listeners: [Welcome, Echo], messageContent: true });
    expect(bot.intents).toEqual([
      "guild_expressions",
      "guild_members",
      "guild_messages",
      "guilds",
      "message_content",
    ]);

    await w.people.alice.say(w.channels.general, "hello");
    await w.people.alice.say(w.channels.general, "boom");
    await w.people.bob.say(w.channels.general, "still here");
    await expect.poll(() => seen).toEqual(["alice: hello", "first: hello", "alice: boom", "bob: still here"]);
    expect(
      lines(logger).some((l) =>
        l.startsWith('error Echo.fragile (@On "MESSAGE_CREATE") threw: Error: listener broke'),
      ),
    ).toBe(true);

    // A person joins: the bot's own welcome message is skipped by ignoreBots.
    await w.people.alice.say(w.channels.general, "before");
    await w.people.carol.join(w.server);
    const welcome = await w.nextMessage(w.channels.general, { matching: /Welcome, carol/ });
    expect(welcome.author.bot).toBe(true);
    await w.people.bob.say(w.channels.general, "after");
    await expect.poll(() => seen.at(-1)).toBe("bob: after");
    expect(seen.filter((s) => s.includes("Welcome"))).toEqual([]);
  });

  it("warns once at start about listeners that can never fire, naming the server and the grant", async () => {
    const w = await world({ people: ["alice"], app: { intents: ["guilds", "guild_messages"] } });
    const { logger } = await startedBot(w, { listeners: [Welcome, Echo] });
    const warnings = lines(logger).filter((l) => l.startsWith("warn"));
    expect(warnings).toEqual([
      `warn some listeners can never fire: in server "${w.server.name}" (${w.server.id}) the install does not grant: Welcome.greet (@On "GUILD_MEMBER_ADD") needs guild_members. Ask the server to grant the intent (and privileged access for guild_members) or the permission.`,
    ]);
  });

  it("warns about moderation listeners when the bot's role lacks View audit log, the intent granted", async () => {
    const w = await world({
      people: ["alice"],
      app: {
        intents: ["guilds", "guild_moderation"],
        permissions: ["view_channels", "send_messages", "read_message_history"],
      },
    });
    const { logger } = await startedBot(w, { listeners: [ModLog] });
    expect(lines(logger).filter((l) => l.startsWith("warn"))).toEqual([
      `warn some listeners can never fire: in server "${w.server.name}" (${w.server.id}) the install does not grant: ModLog.banned (@On "GUILD_BAN_ADD") needs the view_audit_log permission on the bot's role; ModLog.audited (@On "GUILD_AUDIT_LOG_ENTRY_CREATE") needs the view_audit_log permission on the bot's role. Ask the server to grant the intent (and privileged access for guild_members) or the permission.`,
    ]);
    // With the permission, no warning.
    const granted = await world({
      people: ["alice"],
      app: { intents: ["guilds", "guild_moderation"], permissions: ["view_channels", "view_audit_log"] },
    });
    const quiet = await startedBot(granted, { listeners: [ModLog] });
    expect(lines(quiet.logger).filter((l) => l.startsWith("warn"))).toEqual([]);
  });
});

class ModLog {
  @On("GUILD_BAN_ADD")
  banned() {}
  @On("GUILD_AUDIT_LOG_ENTRY_CREATE")
  audited() {}
}
