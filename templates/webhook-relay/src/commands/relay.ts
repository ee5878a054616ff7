import { Command, CommandContext, Option, WebhookClient } from "@chatbot/framework";
import { RelayConfig } from "../relay-config.js";

/** `/relay text`: posts the text through the incoming webhook, under the person's name. */
@Command({ name: "relay", description: "Posts your text through the incoming webhook" })
export class Relay {
  readonly #hook: WebhookClient | null;

  constructor(config: RelayConfig) {
    this.#hook = config.webhookUrl ? new WebhookClient(config.webhookUrl) : null;
  }

  async run(ctx: CommandContext, @Option.string("text", "What to post", { maxLength: 2_000 }) text: string) {
    if (!this.#hook) {
      await ctx.reply({ content: "No webhook is set: give CHATBOT_WEBHOOK_URL.", ephemeral: true });
      return;
    }
    const post = await this.#hook.execute(
      { content: text, username: ctx.user.name, allowed_mentions: { parse: [] } },
      { wait: true },
    );
    await ctx.reply({ content: `Relayed as ${post.author.username}.`, ephemeral: true });
  }
}
