import { Command, CommandContext, Option } from "@chatbot/framework";
import { FaqBook } from "./faq-book.js";

/** `/faq topic`: the answer, or the topics there are. */
@Command({ name: "faq", description: "Answers a frequently asked question" })
export class FaqCommand {
  constructor(private readonly book: FaqBook) {}

  async run(ctx: CommandContext, @Option.string("topic", "What about", { maxLength: 32 }) topic: string) {
    const answer = this.book.answer(topic.toLowerCase());
    await ctx.reply(
      answer === null
        ? { content: `No answer about "${topic}". Topics: ${this.book.topics.join(", ")}.`, ephemeral: true }
        : { content: answer },
    );
  }
}
