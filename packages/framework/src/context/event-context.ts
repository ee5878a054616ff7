import type { GatewayEventName, User } from "@chatbot/protocol";
import type { ChannelView, GatewayEventPayloads, ServerView, WorldView } from "@chatbot/gateway";
import type { DependencyContainer } from "tsyringe";
import { resolveFrom, type ServiceToken } from "./resolve-from.js";

/** The payload an `@On(E)` handler receives (`MESSAGE_CREATE` carries `recovered`). */
export type EventPayload<E extends GatewayEventName> = GatewayEventPayloads[E];

/**
 * One gateway event on its way to a handler, for listener middleware and guards: its name and
 * payload, the server it happened in, the person behind it when the payload names one, and whether
 * it was recovered over REST after a drop.
 */
export class EventContext<E extends GatewayEventName = GatewayEventName> {
  /** The server the event belongs to, or null (`READY`). */
  readonly guildId: string | null;
  /** The channel the event belongs to, or null. */
  readonly channelId: string | null;
  /** The user behind the event when its payload has one (message author, member, banned user). */
  readonly author: User | null;
  /** The id of the user behind the event (also for reactions, which carry only `user_id`). */
  readonly authorId: string | null;

  constructor(
    /** The event name. */
    readonly event: E,
    /** The payload as delivered. */
    readonly payload: EventPayload<E>,
    /** The bot's own user id. */
    readonly botUserId: string,
    /** The bot's container, for {@link resolve}. */
    private readonly container: DependencyContainer | null = null,
    /** The bot's world view, for {@link server} and {@link channel}. */
    private readonly world: WorldView | null = null,
  ) {
    const d = payload as Record<string, unknown>;
    this.guildId =
      str(d.guild_id) ?? (event === "GUILD_CREATE" || event === "GUILD_UPDATE" ? str(d.id) : null);
    this.channelId = str(d.channel_id) ?? (event.startsWith("CHANNEL_") ? str(d.id) : null);
    this.author = (isUser(d.author) ? d.author : isUser(d.user) ? d.user : null) as User | null;
    this.authorId = this.author?.id ?? str(d.user_id);
  }

  /**
   * A service of the bot's container, as a constructor would get it: for middleware and guards that
   * need one (`ctx.resolve(PollBook).isOpen(...)`, `ctx.resolve(StateStore)`).
   */
  resolve<T>(token: ServiceToken<T>): T {
    return resolveFrom(this.container, token);
  }

  /**
   * The server the event belongs to, from the bot's world view: name, channels, roles, `me`,
   * members met. `undefined` for events of no server (`READY`), and after `GUILD_DELETE` (the bot
   * left it).
   */
  get server(): ServerView | undefined {
    return this.guildId === null ? undefined : this.world?.server(this.guildId);
  }

  /**
   * The channel the event belongs to, from the bot's world view, with the bot's permissions there
   * (`ctx.channel?.can("send_messages")`); `undefined` when the event names none or the bot cannot
   * see it (after `CHANNEL_DELETE`, say).
   */
  get channel(): ChannelView | undefined {
    return this.channelId === null ? undefined : this.server?.channels.get(this.channelId);
  }

  /** Whether the event came back through recovery after a drop (`MESSAGE_CREATE` only). */
  get recovered(): boolean {
    return (this.payload as { recovered?: boolean }).recovered === true;
  }

  /**
   * Whether a handler may have seen this event before: a message read back after a restart that an
   * earlier process of the bot had begun handling and not finished (its handlers run again, all of
   * them). Make what such a handler does idempotent (keyed by the message's id). Always false for
   * a message seen for the first time, live or read back after a drop, and for other events.
   */
  get redelivered(): boolean {
    return (this.payload as { redelivered?: boolean }).redelivered === true;
  }

  /** Whether a bot (this one included) is behind the event. */
  get fromBot(): boolean {
    return this.author?.bot === true || (this.authorId !== null && this.authorId === this.botUserId);
  }
}

function str(value: unknown): string | null {
  return typeof value === "string" ? value : null;
}

function isUser(value: unknown): boolean {
  return typeof value === "object" && value !== null && typeof (value as { id?: unknown }).id === "string";
}
