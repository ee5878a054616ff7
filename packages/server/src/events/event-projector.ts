import { CloseCode, type GuildCreatePayload } from "@chatbot/protocol";
import type { ServerChange, ServerChangeType } from "../kernel/changes/server-change.js";
import type { Kernel } from "../kernel/kernel.js";
import type { GatewayConnection } from "../gateway/connection.js";
import type { InstallRecord } from "../kernel/world/records.js";
import { pairKey } from "../kernel/world/world.js";
import { guildPayloadFor } from "./guild-payload.js";
import { ConnectionState, GuildState } from "./guild-state.js";
import { projectChannelChange } from "../features/channels/channel-projection.js";
import { projectGuildChange } from "../features/guilds/guild-projection.js";
import { projectMemberChange } from "../features/members/member-projection.js";
import { projectMessageChange } from "../features/messages/message-projection.js";
import { ChangeContext } from "../gateway/projection.js";
import { Viewer } from "./viewer.js";

/**
 * Changes whose whole effect a server's snapshot shows (settings, roles, channels, emojis): when one
 * makes a server's `GUILD_CREATE` go out of turn, that snapshot already holds it.
 */
const IN_SNAPSHOT: ReadonlySet<ServerChangeType> = new Set<ServerChangeType>([
  "GUILD_UPDATE",
  "GUILD_ROLE_CREATE",
  "GUILD_ROLE_UPDATE",
  "GUILD_ROLE_DELETE",
  "GUILD_EMOJIS_UPDATE",
  "CHANNEL_CREATE",
  "CHANNEL_UPDATE",
  "CHANNEL_DELETE",
]);

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
 *
 * While a connection's `GUILD_CREATE`s are still going out after `READY`, a change in a server not
 * sent yet sends that server's `GUILD_CREATE` first, built after the commit: a change the snapshot
 * shows ({@link IN_SNAPSHOT}) is not sent again as an event, any other (messages, reactions,
 * members, bans, audit log) follows it. So each server's events come after its `GUILD_CREATE` and
 * none is lost. Later changes of the same transaction are projected as usual: they may repeat what
 * the snapshot holds, never contradict it.
 */
export class EventProjector {
  readonly #states = new WeakMap<GatewayConnection, ConnectionState>();

  constructor(
    private readonly core: Kernel,
    private readonly connectionOf: ConnectionLookup,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Starts tracking a connection that was just sent `READY` (the gateway's `onReady`). */
  readonly track = (connection: GatewayConnection): void => {
    this.#states.set(connection, new ConnectionState());
  };

  /**
   * Follows a server from the `GUILD_CREATE` a connection was just sent (the gateway's
   * `onGuildCreate`): its visible channels, and the digest of `json`, the payload's text as sent.
   */
  readonly introduced = (connection: GatewayConnection, payload: GuildCreatePayload, json: string): void => {
    const state = new GuildState(
      json,
      payload.channels.map((c) => c.id),
    );
    this.#states.get(connection)?.guilds.set(payload.id, state);
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
      const app = tables.apps.get(install.application_id);
      if (!connection?.open || !connectionState || !app) continue;
      let state = connectionState.guilds.get(guild.id);
      if (!state && connection.awaitsGuild(guild.id)) {
        this.#guard(connection, () => connection.introduceGuild(guild.id));
        state = connectionState.guilds.get(guild.id);
        if (IN_SNAPSHOT.has(change.type)) continue;
      }
      if (!state) continue;
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
      // Followed from here through `introduced`, as the GUILD_CREATEs after READY are.
      connection.dispatch(
        "GUILD_CREATE",
        guildPayloadFor(this.core, guild, app, install, connection.intents),
      );
    });
  }

  /**
   * `GUILD_DELETE` for a server the app is no longer in (uninstalled, kicked, banned, deleted), also
   * when its `GUILD_CREATE` was still to come: `READY` listed it.
   */
  #removed(appId: string, guildId: string): void {
    const connection = this.connectionOf(appId);
    const connectionState = connection && this.#states.get(connection);
    if (!connection || !connectionState) return;
    if (!connectionState.guilds.delete(guildId) && !connection.forgetGuild(guildId)) return;
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
