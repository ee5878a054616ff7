import { Command, CommandContext, Option, WebhookClient } from "@chatbot/framework";
import { RelayConfig } from "../relay-config.js";

/** `/relay text`: posts the text through the incoming webhook, under the person's name. */
@Command({ name: "relay", description: "Posts your text through the incoming webhook" })
export class Relay {
  readonly #hook: WebhookClient | null;

  constructor(config: RelayConfig) {
    this.#hook = config.webhookUrl ? new WebhookClient(config.webhookUrl, config.webhookOptions) : null;
  }

  async run(ctx: CommandContext, @Option.string("text", "What to post", { maxLength: 2_000 }) text: string) {
    if (!this.#hook) {
      await ctx.reply({ content: "No webhook is set: give CHATBOT_WEBHOOK_URL.", ephemeral: true });
      return;
    }
    let post;
    try {
      // A burst of relays past the webhook's limit (5 per 2 s) is refused, not queued: the person
      // hears at once, rather than after the relays before theirs.
      post = await this.#hook.execute(
        { content: text, username: ctx.user.name, allowed_mentions: { parse: [] } },
        { wait: true, rejectOnRateLimit: true },
      );
    } catch (error) {
      const { status, retryAfterMs } = error as { status?: unknown; retryAfterMs?: number };
      if (status === 429) {
        const seconds = Math.max(1, Math.ceil((retryAfterMs ?? 0) / 1000));
        await ctx.reply({ content: `Too many relays just now: try again in ${seconds} s.`, ephemeral: true });
        return;
      }
      // The webhook was deleted, or its channel was: say so rather than fail the command.
      if (status !== 404) throw error;
      await ctx.reply({ content: "The webhook is gone: give a new CHATBOT_WEBHOOK_URL.", ephemeral: true });
      return;
    }
    await ctx.reply({ content: `Relayed as ${post.author.username}.`, ephemeral: true });
  }
}
