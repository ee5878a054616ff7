import type { DispatchOf, GatewayEventName, Intent } from "@chatbot/protocol";
import type { Kernel } from "../kernel/kernel.js";
import type { EncodableEvent, GatewayConnection } from "../gateway/connection.js";
import { intentsAllowEvent } from "../gateway/intents-filter.js";
import type { BotActor } from "../kernel/actors/actor.js";
import { hasPermission } from "../kernel/permissions/compute.js";
import type { AppRecord, ChannelRecord, GuildRecord, InstallRecord } from "../kernel/world/records.js";
import { pairKey } from "../kernel/world/world.js";
import { guildPayloadFor } from "./guild-payload.js";
import type { ConnectionState, GuildState } from "./guild-state.js";
import { snapshotDigest } from "./guild-state.js";
import type { ChangeContext, ProjectionViewer } from "../gateway/projection.js";

/** Everything that decides what one connection is sent about one server, checked at each event. */
export interface ViewerInit {
  readonly connection: GatewayConnection;
  readonly connectionState: ConnectionState;
  readonly state: GuildState;
  readonly guild: GuildRecord;
  readonly app: AppRecord;
  readonly install: InstallRecord;
  /** The intents the connection receives in this server. */
  readonly intents: readonly Intent[];
}

/**
 * One connection looking at one server while a change is projected: its bot, the intents it
 * receives there, moderation access, and the sends that apply the intent filter.
 */
export class Viewer implements ProjectionViewer {
  readonly connection: GatewayConnection;
  readonly state: GuildState;
  readonly guild: GuildRecord;
  readonly app: AppRecord;
  readonly install: InstallRecord;
  readonly intents: readonly Intent[];
  readonly botId: string;
  readonly #connectionState: ConnectionState;
  readonly #core: Kernel;
  #moderation: boolean | null = null;

  constructor(core: Kernel, init: ViewerInit) {
    this.#core = core;
    this.connection = init.connection;
    this.#connectionState = init.connectionState;
    this.state = init.state;
    this.guild = init.guild;
    this.app = init.app;
    this.install = init.install;
    this.intents = init.intents;
    this.botId = init.app.bot_user_id;
  }

  /** Whether the connection receives `event` in this server. */
  allows(event: GatewayEventName): boolean {
    return intentsAllowEvent(this.intents, event);
  }

  /** Whether the connection receives `message_content` here (message text, embeds, attachments, poll). */
  get contentAccess(): boolean {
    return this.intents.includes("message_content");
  }

  /**
   * Moderation access: the `guild_moderation` intent and View audit log (or Administrator, which
   * grants it) on the bot's roles in this server, read from the world as it is now.
   */
  get moderation(): boolean {
    this.#moderation ??=
      this.intents.includes("guild_moderation") &&
      hasPermission(this.#core.engine.guildBits(this.guild, this.botId), "view_audit_log");
    return this.#moderation;
  }

  /** The bot's permissions in `channel` (0 when it cannot see it). */
  channelBits(channel: ChannelRecord): bigint {
    return this.#core.engine.channelBits(channel, this.botId);
  }

  /** The bot as an actor, for the history rule. */
  actor(): BotActor | null {
    const user = this.#core.world.tables.users.get(this.botId);
    return user ? { kind: "bot", user, app: this.app } : null;
  }

  /**
   * Sends `event` when the connection's intents here let it through; the payload is built (and
   * encoded) once per change and `key`, which must name everything viewer-specific in it.
   */
  send<E extends EncodableEvent>(
    ctx: ChangeContext,
    event: E,
    key: string,
    build: () => DispatchOf<E>,
  ): void {
    if (!this.allows(event)) return;
    this.connection.dispatchEncoded(event, ctx.encode(`${event}:${key}`, build));
  }

  /**
   * Queues a `GUILD_UPDATE` (with the `guilds` intent). Its payload is read when it goes out, and
   * nothing goes out when the server is gone for this connection or the snapshot is unchanged.
   */
  queueGuildUpdate(): void {
    if (!this.allows("GUILD_UPDATE")) return;
    const core = this.#core;
    const { connection, state } = this;
    const connectionState = this.#connectionState;
    const guildId = this.guild.id;
    const appId = this.app.id;
    connection.queueGuildUpdate(guildId, () => {
      if (connectionState.guilds.get(guildId) !== state) return null;
      const tables = core.world.tables;
      const guild = tables.guilds.get(guildId);
      const app = tables.apps.get(appId);
      const install = tables.installs.get(pairKey(guildId, appId));
      if (!guild || !app || !install) return null;
      const json = JSON.stringify(guildPayloadFor(core, guild, app, install, connection.intents));
      const digest = snapshotDigest(json);
      if (digest === state.snapshot) return null;
      state.snapshot = digest;
      return json;
    });
  }
}
