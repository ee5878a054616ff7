import { Command, CommandContext, Option, Scheduler } from "@chatbot/framework";

/** What a reminder job carries: who, where, what. */
export interface Reminder {
  readonly userId: string;
  readonly channelId: string;
  readonly text: string;
}

@Command({ name: "remind", description: "Reminds you of something later, in this channel" })
export class Remind {
  constructor(private readonly scheduler: Scheduler) {}

  async run(
    ctx: CommandContext,
    @Option.integer("minutes", "In how many minutes", { min: 1, max: 10_080 }) minutes: number,
    @Option.string("text", "Of what", { maxLength: 500 }) text: string,
  ) {
    // A job in the bot's store: it survives reloads and restarts, and fires on the bot's clock.
    const reminder: Reminder = { userId: ctx.user.id, channelId: ctx.channelId, text };
    await this.scheduler.schedule({ afterMs: minutes * 60_000 }, "reminder", reminder);
    await ctx.reply({ content: `I'll remind you in ${minutes} min.`, ephemeral: true });
  }
}
