/** The mod log's settings, made from the plugin's options; injectable in its classes by type. */
export class ModLogSettings {
  constructor(
    /** The name of the channel moderation is logged into, in each server. */
    readonly channel: string,
    /**
     * A key prefix of the bot's store: when `<prefix><server id>` holds `{ logChannel: "<id>" }` (a
     * `/setup` wizard saved it), that server's log goes to that channel instead. Undefined: never.
     */
    readonly channelSetting?: string,
  ) {}
}
