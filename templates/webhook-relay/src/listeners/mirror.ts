import { type EventPayload, ignoreBots, Listener, On, RestClient, UseMiddleware } from "@chatbot/framework";
import { RelayConfig } from "../relay-config.js";

/** Mirrors what people post in one channel into another of the same server. */
@Listener()
export class Mirror {
  readonly #channels = new Map<string, { from?: string; to?: string }>();

  constructor(
    private readonly rest: RestClient,
    private readonly config: RelayConfig,
  ) {}

  @On("MESSAGE_CREATE")
  @UseMiddleware(ignoreBots())
  async mirror(message: EventPayload<"MESSAGE_CREATE">) {
    if (!message.guild_id || message.recovered) return;
    const { from, to } = await this.#channelsOf(message.guild_id);
    if (message.channel_id !== from || !to || message.content === "") return;
    await this.rest.createMessage(to, {
      content: `**${message.author.name}**: ${message.content}`,
      allowed_mentions: { parse: [] },
    });
  }

  async #channelsOf(guildId: string) {
    let found = this.#channels.get(guildId);
    if (!found) {
      const channels = await this.rest.getGuildChannels(guildId);
      found = {
        from: channels.find((c) => c.name === this.config.mirrorFrom)?.id,
        to: channels.find((c) => c.name === this.config.mirrorTo)?.id,
      };
      this.#channels.set(guildId, found);
    }
    return found;
  }
}
