import { CloseCode, type GuildCreatePayload } from "@chatbot/protocol";
import type { ServerChange } from "../changes/server-change.js";
import type { ServerCore } from "../core/server-core.js";
import type { GatewayConnection } from "../gateway/connection.js";
import type { InstallRecord } from "../world/records.js";
import { pairKey } from "../world/world.js";
import { guildPayloadFor } from "./guild-payload.js";
import { ConnectionState, GuildState } from "./guild-state.js";
import { projectChannelChange } from "./project-channels.js";
import { projectGuildChange } from "./project-guild.js";
import { projectMemberChange } from "./project-members.js";
import { projectMessageChange } from "./project-messages.js";
import { ChangeContext, Viewer } from "./viewer.js";

/** Finds the identified connection of an app. */
export type ConnectionLookup = (appId: string) => GatewayConnection | undefined;

function projectChange(ctx: ChangeContext, change: ServerChange, viewer: Viewer): void {
  switch (change.type) {
    case "MESSAGE_CREATE":
    case "MESSAGE_UPDATE":
    case "MESSAGE_DELETE":
    case "MESSAGE_DELETE_BULK":
    case "MESSAGE_REACTION_ADD":
    case "MESSAGE_REACTION_REMOVE":
      projectMessageChange(ctx, change, viewer);
      return;
    case "GUILD_MEMBER_ADD":
    case "GUILD_MEMBER_UPDATE":
    case "GUILD_MEMBER_REMOVE":
    case "GUILD_BAN_ADD":
    case "GUILD_BAN_REMOVE":
    case "GUILD_AUDIT_LOG_ENTRY_CREATE":
      projectMemberChange(ctx, change, viewer);
      return;
    case "CHANNEL_CREATE":
    case "CHANNEL_UPDATE":
    case "CHANNEL_DELETE":
      projectChannelChange(ctx, change, viewer);
      return;
    case "GUILD_UPDATE":
    case "GUILD_ROLE_CREATE":
    case "GUILD_ROLE_UPDATE":
    case "GUILD_ROLE_DELETE":
    case "GUILD_EMOJIS_UPDATE":
      projectGuildChange(ctx, change, viewer);
      return;
    case "GUILD_DELETE":
    case "INSTALL_ADD":
    case "INSTALL_REMOVE":
      return;
  }
}

/**
 * Turns the core's change stream into gateway events, one connection at a time. Each committed
 * change is projected right after its commit, in the server's order, for every app installed in
 * the server with an identified connection that has had the server's `GUILD_CREATE`; what each
 * connection gets is decided then (intents, visibility, moderation access, message content), from
 * the world as it is after the commit. Nothing ever goes to an app not installed in the server.
 */
export class EventProjector {
  readonly #states = new WeakMap<GatewayConnection, ConnectionState>();

  constructor(
    private readonly core: ServerCore,
    private readonly connectionOf: ConnectionLookup,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Starts tracking a connection that was just sent `READY` and the `GUILD_CREATE`s of `guilds`. */
  readonly track = (connection: GatewayConnection, guilds: readonly GuildCreatePayload[]): void => {
    const state = new ConnectionState();
    for (const guild of guilds) {
      state.guilds.set(
        guild.id,
        new GuildState(
          JSON.stringify(guild),
          guild.channels.map((c) => c.id),
        ),
      );
    }
    this.#states.set(connection, state);
  };

  /** Projects one committed change (the core's change listener). */
  readonly onChange = (change: ServerChange): void => {
    switch (change.type) {
      case "INSTALL_ADD":
        this.#installed(change.install);
        return;
      case "INSTALL_REMOVE":
        this.#removed(change.install.application_id, change.guildId);
        return;
      case "GUILD_DELETE":
        for (const install of change.installs) this.#removed(install.application_id, change.guildId);
        return;
    }
    const tables = this.core.world.tables;
    const guild = tables.guilds.get(change.guildId);
    if (!guild) return;
    let ctx: ChangeContext | null = null;
    for (const install of [...tables.installs.by("guild", guild.id).values()]) {
      const connection = this.connectionOf(install.application_id);
      const connectionState = connection && this.#states.get(connection);
      const state = connectionState?.guilds.get(guild.id);
      const app = tables.apps.get(install.application_id);
      if (!connection?.open || !connectionState || !state || !app) continue;
      ctx ??= new ChangeContext(this.core, change);
      const context = ctx;
      this.#guard(connection, () => {
        const intents = state.intents(app, install, connection.intents);
        const viewer = new Viewer(this.core, {
          connection,
          connectionState,
          state,
          guild,
          app,
          install,
          intents,
        });
        projectChange(context, change, viewer);
      });
    }
  };

  /** `GUILD_CREATE` for a server the app was just installed in, while connected. */
  #installed(added: InstallRecord): void {
    const connection = this.connectionOf(added.application_id);
    const connectionState = connection && this.#states.get(connection);
    if (!connection?.open || !connectionState) return;
    const tables = this.core.world.tables;
    const guild = tables.guilds.get(added.guild_id);
    const app = tables.apps.get(added.application_id);
    const install = tables.installs.get(pairKey(added.guild_id, added.application_id));
    if (!guild || !app || !install) return;
    this.#guard(connection, () => {
      const payload = guildPayloadFor(this.core, guild, app, install, connection.intents);
      const channelIds = payload.channels.map((c) => c.id);
      connectionState.guilds.set(guild.id, new GuildState(JSON.stringify(payload), channelIds));
      connection.dispatch("GUILD_CREATE", payload);
    });
  }

  /** `GUILD_DELETE` for a server the app is no longer in (uninstalled, kicked, banned, deleted). */
  #removed(appId: string, guildId: string): void {
    const connection = this.connectionOf(appId);
    const connectionState = connection && this.#states.get(connection);
    if (!connection || !connectionState?.guilds.delete(guildId)) return;
    this.#guard(connection, () => connection.dispatch("GUILD_DELETE", { id: guildId }));
  }

  /** Runs one connection's share of a change; a failure closes only that connection (`4000`). */
  #guard(connection: GatewayConnection, run: () => void): void {
    try {
      run();
    } catch (error) {
      this.onError(error);
      if (connection.open) connection.close(CloseCode.UnknownError, "internal error");
    }
  }
}
