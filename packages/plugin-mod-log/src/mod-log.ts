import { RestClient, singleton, StateStore } from "@chatbot/framework";
import { ModLogSettings } from "./mod-log-settings.js";

/**
 * Posts lines into each server's mod-log channel: the one the server chose (its `logChannel`
 * under the plugin's `channelSetting` in the bot's store), else the one named by the plugin's
 * `channel` (found by name, and remembered once found). The plugin exports it: a bot's own commands ask for it by type to log what they do.
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
    private readonly store: StateStore,
  ) {}

  /** The name of the channel it posts into. */
  get channel(): string {
    return this.settings.channel;
  }

  /**
   * Posts `line` into the server's mod-log channel; answers false when the server chose none and
   * has no channel of that name the bot can see (it looks again next time: one may be made).
   */
  async post(guildId: string, line: string): Promise<boolean> {
    let channel = (await this.#chosen(guildId)) ?? this.#channels.get(guildId);
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

  /** The channel the server chose, read from the store at each post (a new `/setup` counts at once). */
  async #chosen(guildId: string): Promise<string | undefined> {
    const prefix = this.settings.channelSetting;
    if (prefix === undefined) return undefined;
    const saved = await this.store.get<{ logChannel?: unknown }>(`${prefix}${guildId}`);
    const chosen = saved?.logChannel;
    return typeof chosen === "string" && /^\d+$/.test(chosen) ? chosen : undefined;
  }
}
