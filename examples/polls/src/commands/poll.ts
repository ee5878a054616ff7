import { Command, CommandContext, Option, requireBotPermissions, UseMiddleware } from "@chatbot/framework";
import { PollBook } from "../poll-book.js";

@Command({ name: "poll", description: "Opens a poll that people answer with reactions" })
// Checked before anything is posted: a poll the bot could post but not add its reactions to would
// be left half-made.
@UseMiddleware(requireBotPermissions("send_messages", "add_reactions"))
export class OpenPoll {
  constructor(private readonly polls: PollBook) {}

  async run(
    ctx: CommandContext,
    @Option.string("question", "What to ask", { maxLength: 200 }) question: string,
    @Option.integer("minutes", "How long it stays open", { min: 1, max: 1_440, optional: true })
    minutes?: number,
  ) {
    const open = minutes ?? 5;
    await this.polls.open(ctx.channelId, question, open);
    await ctx.reply({ content: `Poll opened for ${open} min.`, ephemeral: true });
  }
}
