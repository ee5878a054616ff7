import type { DispatchOf, GatewayEventName } from "@chatbot/protocol";
import type { BotActor } from "../kernel/actors/actor.js";
import type { ServerChange } from "../kernel/changes/server-change.js";
import type { Kernel } from "../kernel/kernel.js";
import type { ChannelRecord, GuildRecord } from "../kernel/world/records.js";
import type { EncodableEvent } from "./connection.js";

/**
 * One committed change as it is projected: the core (read as it is right after the commit) and the
 * payloads already encoded for it, so that connections that get the same payload share one JSON
 * text.
 */
export class ChangeContext {
  readonly #encoded = new Map<string, string>();

  constructor(
    readonly core: Kernel,
    readonly change: ServerChange,
  ) {}

  /** The JSON text of the payload `key` names, built once per change. */
  encode(key: string, build: () => unknown): string {
    let json = this.#encoded.get(key);
    if (json === undefined) {
      json = JSON.stringify(build());
      this.#encoded.set(key, json);
    }
    return json;
  }
}

/**
 * One connection looking at one server while a change is projected, as a feature's projection sees
 * it (the event projector's `Viewer` is one): its bot, the intents it receives there, moderation
 * access, and the sends that apply the intent filter. Each feature projects its own changes through
 * it (`features/messages/message-projection.ts`…), so no feature imports the event projector.
 */
export interface ProjectionViewer {
  /** The bot's user id. */
  readonly botId: string;
  /** The server looked at. */
  readonly guild: GuildRecord;
  /**
   * What the connection was last sent about this server: the ids of the channels it sees; and
   * `channelShownOrHidden`, called as a `CHANNEL_CREATE` or `CHANNEL_DELETE` goes out.
   */
  readonly state: { readonly visible: Set<string>; channelShownOrHidden(): void };
  /** Whether the connection receives `message_content` here (message text, embeds, attachments, poll). */
  readonly contentAccess: boolean;
  /** The `guild_moderation` intent and View audit log (or Administrator) in this server. */
  readonly moderation: boolean;
  /** Whether the connection receives `event` in this server. */
  allows(event: GatewayEventName): boolean;
  /** The bot's permissions in `channel` (0 when it cannot see it). */
  channelBits(channel: ChannelRecord): bigint;
  /** The bot as an actor, for the history rule. */
  actor(): BotActor | null;
  /**
   * Sends `event` when the connection's intents here let it through; the payload is built (and
   * encoded) once per change and `key`, which must name everything viewer-specific in it.
   */
  send<E extends EncodableEvent>(ctx: ChangeContext, event: E, key: string, build: () => DispatchOf<E>): void;
  /** Queues a `GUILD_UPDATE` (with the `guilds` intent), read when it goes out. */
  queueGuildUpdate(): void;
}
