import type { Channel, GuildCreatePayload } from "@chatbot/protocol";

/** Whether the bot may read a channel's history, as far as the client can tell. */
export type ChannelAccess = "history" | "no_history";

interface GuildAccess {
  readonly readsMessages: boolean;
  readonly channels: Map<string, Channel>;
}

/**
 * The channels whose messages the bot reads, kept from `GUILD_CREATE` / `GUILD_UPDATE` snapshots
 * and channel events: text channels of servers whose install grants the `messages.read` scope and
 * the `guild_messages` intent. Each channel carries the bot's own permissions there.
 */
export class ReadableChannels {
  readonly #guilds = new Map<string, GuildAccess>();

  /** A server's snapshot replaces what was known of it. */
  setGuild(guild: GuildCreatePayload): void {
    const readsMessages = guild.scopes.includes("messages.read") && guild.intents.includes("guild_messages");
    const channels = new Map<string, Channel>();
    for (const channel of guild.channels) channels.set(channel.id, channel);
    this.#guilds.set(guild.id, { readsMessages, channels });
  }

  removeGuild(guildId: string): void {
    this.#guilds.delete(guildId);
  }

  setChannel(channel: Channel): void {
    this.#guilds.get(channel.guild_id)?.channels.set(channel.id, channel);
  }

  removeChannel(guildId: string, channelId: string): void {
    this.#guilds.get(guildId)?.channels.delete(channelId);
  }

  /** Every channel whose messages the bot receives and may list, with whether it reads history. */
  list(): Array<{ channel: Channel; access: ChannelAccess }> {
    const out: Array<{ channel: Channel; access: ChannelAccess }> = [];
    for (const guild of this.#guilds.values()) {
      if (!guild.readsMessages) continue;
      for (const channel of guild.channels.values()) {
        if (channel.kind === "voice") continue;
        const perms = channel.permissions;
        if (!perms.includes("view_channels") && !perms.includes("administrator")) continue;
        const history = perms.includes("read_message_history") || perms.includes("administrator");
        out.push({ channel, access: history ? "history" : "no_history" });
      }
    }
    return out;
  }
}
