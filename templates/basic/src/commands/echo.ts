import { Command, CommandContext, Option } from "@chatbot/framework";

@Command({ name: "echo", description: "Says your text back" })
export class Echo {
  async run(ctx: CommandContext, @Option.string("text", "What to say", { maxLength: 200 }) text: string) {
    await ctx.reply({ content: text, allowed_mentions: { parse: [] } });
  }
}
