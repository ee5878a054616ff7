import { RestClient, singleton } from "@chatbot/framework";
import { ModLogSettings } from "./mod-log-settings.js";

/**
 * Posts lines into each server's mod-log channel (found by name, and remembered once found). The
 * plugin exports it: a bot's own commands ask for it by type to log what they do.
 *
 * @example
 * constructor(private readonly log: ModLog) {}
 * // ...
 * await this.log.post(ctx.guildId, `⚠️ <@${ctx.user.id}> warned <@${member.id}>`);
 */
@singleton()
export class ModLog {
  readonly #channels = new Map<string, string>();

  constructor(
    private readonly rest: RestClient,
    private readonly settings: ModLogSettings,
  ) {}

  /** The name of the channel it posts into. */
  get channel(): string {
    return this.settings.channel;
  }

  /**
   * Posts `line` into the server's mod-log channel; answers false when the server has no channel
   * of that name the bot can see (it looks again next time: one may be made meanwhile).
   */
  async post(guildId: string, line: string): Promise<boolean> {
    let channel = this.#channels.get(guildId);
    if (channel === undefined) {
      const found = (await this.rest.getGuildChannels(guildId)).find((c) => c.name === this.settings.channel);
      if (!found) return false;
      channel = found.id;
      this.#channels.set(guildId, channel);
    }
    // Mentions name people without pinging them.
    await this.rest.createMessage(channel, { content: line, allowed_mentions: { parse: [] } });
    return true;
  }
}
