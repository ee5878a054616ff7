import { Command, CommandContext, Option } from "@chatbot/framework";
import { ReminderBook } from "../reminder-book.js";

@Command({ name: "remind", description: "Reminds you of something later, in this channel" })
export class Remind {
  constructor(private readonly book: ReminderBook) {}

  async run(
    ctx: CommandContext,
    @Option.integer("minutes", "In how many minutes", { min: 1, max: 10_080 }) minutes: number,
    @Option.string("text", "Of what", { maxLength: 500 }) text: string,
  ) {
    this.book.add(ctx.user.id, ctx.channelId, text, minutes * 60_000);
    await ctx.reply({ content: `I'll remind you in ${minutes} min.`, ephemeral: true });
  }
}
