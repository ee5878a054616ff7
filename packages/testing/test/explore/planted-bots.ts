// Small framework bots, each with one bug a person would write. The tests in planted-bugs.test.ts
// show that `explore` finds each one and shrinks it.
import {
  Command,
  CommandContext,
  type EventPayload,
  Listener,
  On,
  OnSchedule,
  Option,
  RestClient,
  Scheduler,
  StateStore,
} from "@chatbot/framework";

/** Counts the "+1" people say; a message read again after a crash is counted again. */
@Listener()
export class PlusOneCounter {
  constructor(
    private readonly store: StateStore,
    private readonly rest: RestClient,
  ) {}

  @On("MESSAGE_CREATE")
  async heard(message: EventPayload<"MESSAGE_CREATE">) {
    if (message.author.bot || message.content !== "+1") return;
    // The bug: not keyed by the message, so a redelivered "+1" adds one more.
    const n = await this.store.update<number>("plus-ones", (c) => (c ?? 0) + 1);
    await this.rest.createMessage(message.channel_id, { content: `+1 counted (${n} so far)` });
  }
}

/** Keeps a note; the bug: it throws on a note of exactly its longest length. */
@Command({ name: "note", description: "Keeps a note" })
export class NoteCommand {
  async run(ctx: CommandContext, @Option.string("text", "The note", { maxLength: 100 }) text: string) {
    if (text.length === 100) throw new Error(`the notes table takes at most 99 characters`);
    await ctx.resolve(StateStore).set(`note:${ctx.user.id}`, text);
    await ctx.reply({ content: "Noted.", ephemeral: true });
  }
}

/** A hand-written two-step report: `/report`, then the person's next message is the report. */
@Command({ name: "report", description: "Tells the moderators what happened" })
export class ReportCommand {
  async run(ctx: CommandContext) {
    await ctx.resolve(StateStore).set(`asking:${ctx.user.id}`, ctx.channelId);
    await ctx.reply("What happened?");
  }
}

@Listener()
export class ReportAnswers {
  constructor(
    private readonly store: StateStore,
    private readonly rest: RestClient,
  ) {}

  @On("MESSAGE_CREATE")
  async heard(message: EventPayload<"MESSAGE_CREATE">) {
    if (message.author.bot) return;
    const asking = await this.store.get<string>(`asking:${message.author.id}`);
    if (asking !== message.channel_id) return;
    // The bug: the end is posted before the report is written; a crash between loses the report.
    await this.rest.createMessage(message.channel_id, {
      content: `Sent, thank you <@${message.author.id}>.`,
    });
    await this.store.set(`report:${message.author.id}`, message.content);
    await this.store.delete(`asking:${message.author.id}`);
  }
}

/** `/remind` sends a reminder in a minute; the job counts what it sent, not idempotently. */
@Command({ name: "remind", description: "Reminds you in a minute" })
export class RemindCommand {
  async run(ctx: CommandContext) {
    await ctx.resolve(StateStore).update<number>("reminders-asked", (n) => (n ?? 0) + 1);
    await ctx
      .resolve(Scheduler)
      .schedule({ afterMs: 60_000 }, "remind", { user: ctx.user.id, channel: ctx.channelId });
    await ctx.reply("In a minute.");
  }
}

@Listener()
export class Reminders {
  constructor(
    private readonly store: StateStore,
    private readonly rest: RestClient,
  ) {}

  @OnSchedule("remind")
  async send(payload: { user: string; channel: string }) {
    // The bug: a job runs at least once; after a crash between this write and the job's end it
    // runs again and counts again.
    await this.store.update<number>("reminders-sent", (n) => (n ?? 0) + 1);
    await this.rest.createMessage(payload.channel, { content: `<@${payload.user}> here is your reminder` });
  }
}

/** Keeps the server's channels from the events; the bug: it reads the whole list only once. */
@Listener()
export class ChannelList {
  #seeded = false;
  constructor(private readonly store: StateStore) {}

  @On("GUILD_CREATE")
  async seed(guild: EventPayload<"GUILD_CREATE">) {
    // The bug: a new session's GUILD_CREATE (after a drop it cannot resume) is ignored, so what
    // changed while the bot was away is never learnt.
    if (this.#seeded) return;
    this.#seeded = true;
    await this.store.set("channels", guild.channels.map((c) => c.id).sort());
  }

  @On("CHANNEL_CREATE")
  async made(channel: EventPayload<"CHANNEL_CREATE">) {
    await this.store.update<string[]>("channels", (ids = []) => [...ids, channel.id].sort());
  }

  @On("CHANNEL_DELETE")
  async gone(channel: EventPayload<"CHANNEL_DELETE">) {
    await this.store.update<string[]>("channels", (ids = []) => ids.filter((id) => id !== channel.id));
  }
}

const permissionCache = new Map<string, boolean>();

/** `/purge` for people who may manage messages; the bug: each person's right is cached forever. */
@Command({ name: "purge", description: "Clears the channel (moderators)" })
export class PurgeCommand {
  async run(ctx: CommandContext) {
    const key = `${ctx.guildId}:${ctx.user.id}`;
    let allowed = permissionCache.get(key);
    if (allowed === undefined) {
      allowed = ctx.memberPermissions.has("manage_messages");
      permissionCache.set(key, allowed);
    }
    await ctx.reply({ content: allowed ? "Purged." : "You may not purge.", ephemeral: true });
  }
}

/** Forgets the cache between scenarios (a new world has new ids, but a test may run twice). */
export function clearPermissionCache(): void {
  permissionCache.clear();
}
