import { Command, CommandContext } from "@chatbot/framework";
import { HistoryReader } from "../history-reader.js";

/**
 * `/digest`: who wrote how much lately in this channel. The reading may take longer than the 3
 * seconds an answer has: the framework sends the thinking state by itself 2 seconds in, `reply()`
 * then becomes the answer, and `followUp()` adds a message after it.
 */
@Command({ name: "digest", description: "Who wrote how much lately in this channel" })
export class DigestCommand {
  constructor(private readonly reader: HistoryReader) {}

  async run(ctx: CommandContext) {
    const digest = await this.reader.digest(ctx.channelId);
    await ctx.reply(`${digest.messages} recent messages from ${digest.authors.length} people.`);
    if (digest.authors.length > 0) {
      const lines = digest.authors.slice(0, 10).map(([name, count], i) => `${i + 1}. ${name}: ${count}`);
      await ctx.followUp({ content: lines.join("\n"), allowed_mentions: { parse: [] } });
    }
  }
}
