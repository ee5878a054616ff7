import { Command, CommandContext } from "@chatbot/framework";

@Command({ name: "ping", description: "Answers pong with the round-trip time" })
export class Ping {
  async run(ctx: CommandContext) {
    const took = Date.now() - ctx.interaction.created_at;
    await ctx.reply(`pong (${took} ms)`);
  }
}
