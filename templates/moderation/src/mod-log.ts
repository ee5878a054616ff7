import { RestClient, singleton } from "@chatbot/framework";

/** The name of the channel moderation is logged into. */
export const MOD_LOG = "mod-log";

/** Posts lines into each server's `#mod-log` channel (found by name, once per server). */
@singleton()
export class ModLog {
  readonly #channels = new Map<string, string | null>();

  constructor(private readonly rest: RestClient) {}

  async post(guildId: string, line: string): Promise<void> {
    let channel = this.#channels.get(guildId);
    if (channel === undefined) {
      const found = (await this.rest.getGuildChannels(guildId)).find((c) => c.name === MOD_LOG);
      channel = found?.id ?? null;
      this.#channels.set(guildId, channel);
    }
    // Mentions name people without pinging them.
    if (channel) await this.rest.createMessage(channel, { content: line, allowed_mentions: { parse: [] } });
  }
}
