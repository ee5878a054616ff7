import type { Channel, ChannelKind, PermissionName } from "@chatbot/protocol";
import { checkPermissionNames, PermissionSet } from "./permission-set.js";

/**
 * A channel of the bot's view, with the bot's own permissions in it. Its fields are the channel
 * object's (`Channel`), so it goes wherever a channel does; `can()` answers from the bot's
 * permissions there, as the service computed them (roles, overwrites, `administrator`).
 */
export class ChannelView implements Channel {
  readonly id: string;
  readonly guild_id: string;
  readonly name: string;
  readonly kind: ChannelKind;
  readonly topic: string | null;
  readonly position: number;
  readonly category_id: string | null;
  readonly slowmode_seconds: number;
  readonly #permissions: PermissionSet;

  /** @internal `guildId` and `categoryId` are the view's own strings, shared. */
  constructor(channel: Channel, guildId: string, categoryId: string | null) {
    this.id = channel.id;
    this.guild_id = guildId;
    this.name = channel.name;
    this.kind = channel.kind;
    this.topic = channel.topic;
    this.position = channel.position;
    this.category_id = categoryId;
    this.slowmode_seconds = channel.slowmode_seconds;
    this.#permissions = PermissionSet.of(channel.permissions);
  }

  /** What the bot may do in this channel (a frozen list shared with like channels). */
  get permissions(): PermissionName[] {
    return this.#permissions.names as PermissionName[];
  }

  /**
   * Whether the bot has every named permission here (`administrator` counts as all), as the service
   * computed them for the bot in this channel.
   *
   * @example if (channel.can("send_messages", "embed_links")) await rest.createMessage(channel.id, ...)
   */
  can(...names: PermissionName[]): boolean {
    return this.#permissions.has(checkPermissionNames("channel.can()", names));
  }

  /** The named permissions the bot lacks here, in the order asked (none when it may do them all). */
  missing(...names: PermissionName[]): PermissionName[] {
    return this.#permissions.missing(checkPermissionNames("channel.missing()", names));
  }

  /** The channel object, as the REST interface answers it. */
  toJSON(): Channel {
    return {
      id: this.id,
      guild_id: this.guild_id,
      name: this.name,
      kind: this.kind,
      topic: this.topic,
      position: this.position,
      category_id: this.category_id,
      slowmode_seconds: this.slowmode_seconds,
      permissions: [...this.permissions],
    };
  }
}
