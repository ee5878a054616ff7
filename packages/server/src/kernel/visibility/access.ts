import type { PermissionName, Scope } from "@chatbot/protocol";
import type { Kernel } from "../kernel.js";
import { MissingPermissionError, MissingScopeError, UnknownObjectError } from "../errors/api-error.js";
import { hasPermission } from "../permissions/compute.js";
import type { ChannelRecord, GuildRecord, InstallRecord, MessageRecord } from "../world/records.js";
import { pairKey } from "../world/world.js";
import type { Actor, BotActor } from "../actors/actor.js";
import { effectiveScopes } from "../permissions/effective.js";
import { explainHidden, explainPermission, explainScope } from "./explain.js";

/**
 * Lookups that answer what the actor cannot see exactly like what does not exist, and the checks
 * every operation shares (scopes, permissions).
 */

/** The install of the bot's app in `guildId`, or undefined. */
export function installOf(core: Kernel, actor: BotActor, guildId: string): InstallRecord | undefined {
  return core.world.tables.installs.get(pairKey(guildId, actor.app.id));
}

/** A server the actor is in (bot: installed; person: member); otherwise `404 unknown_guild`. */
export function visibleGuild(core: Kernel, actor: Actor, guildId: string): GuildRecord {
  const guild = core.world.tables.guilds.get(guildId);
  if (!guild || !core.world.tables.members.has(pairKey(guildId, actor.user.id))) {
    throw new UnknownObjectError("guild");
  }
  if (actor.kind === "bot" && !installOf(core, actor, guildId)) throw new UnknownObjectError("guild");
  return guild;
}

/** The bot's install in a server it is in; otherwise `404 unknown_guild`. */
export function visibleInstall(core: Kernel, actor: BotActor, guildId: string): InstallRecord {
  visibleGuild(core, actor, guildId);
  const install = installOf(core, actor, guildId);
  if (!install) throw new UnknownObjectError("guild");
  return install;
}

/** A channel the actor can see (`view_channels`), with its server; otherwise `404 unknown_channel`. */
export function visibleChannel(
  core: Kernel,
  actor: Actor,
  channelId: string,
): { channel: ChannelRecord; guild: GuildRecord } {
  const channel = core.world.tables.channels.get(channelId);
  const guild = channel && core.world.tables.guilds.get(channel.guild_id);
  if (!channel || !guild) throw new UnknownObjectError("channel");
  if (!core.world.tables.members.has(pairKey(guild.id, actor.user.id)))
    throw new UnknownObjectError("channel");
  if (actor.kind === "bot" && !installOf(core, actor, guild.id)) throw new UnknownObjectError("channel");
  if (!core.engine.canView(channel, actor.user.id)) {
    throw new UnknownObjectError("channel").explained(() =>
      explainHidden(core, { userId: actor.user.id, guild, channel }),
    );
  }
  return { channel, guild };
}

/** `403 missing_scope` unless the bot's install has `scope` (effective: privileged ones need access). */
export function requireScope(core: Kernel, actor: Actor, guildId: string, scope: Scope): void {
  if (actor.kind !== "bot") return;
  const install = installOf(core, actor, guildId);
  if (!install || !effectiveScopes(actor.app, install).includes(scope)) {
    const error = new MissingScopeError(scope);
    throw install ? error.explained(() => explainScope(core, actor.app, install, scope)) : error;
  }
}

/** `403 missing_permission` unless the actor holds `name` in `channel`. */
export function requireChannelPermission(
  core: Kernel,
  actor: Actor,
  channel: ChannelRecord,
  name: PermissionName,
): void {
  if (!core.engine.can(channel, actor.user.id, name)) {
    throw new MissingPermissionError(name).explained(() => {
      const guild = core.world.tables.guilds.get(channel.guild_id);
      return guild ? explainPermission(core, { userId: actor.user.id, guild, channel }, name) : undefined;
    });
  }
}

/** `403 missing_permission` unless the actor holds `name` at server level. */
export function requireGuildPermission(
  core: Kernel,
  actor: Actor,
  guild: GuildRecord,
  name: PermissionName,
): void {
  if (!core.engine.canInGuild(guild, actor.user.id, name)) {
    throw new MissingPermissionError(name).explained(() =>
      explainPermission(core, { userId: actor.user.id, guild, channel: null }, name),
    );
  }
}

/**
 * The history rule: with Read message history the actor reads every message of a channel it can
 * see; without it, a bot reads only messages created while it had an identified gateway connection
 * (in the server's log order: the message's id against the connection's span, never clock
 * readings), and a person none. Anyone reads their own messages.
 */
export function canReadMessage(
  core: Kernel,
  actor: Actor,
  channelBits: bigint,
  message: MessageRecord,
): boolean {
  if (message.author_id === actor.user.id) return true;
  if (hasPermission(channelBits, "read_message_history")) return true;
  return actor.kind === "bot" && core.presence.wasConnectedAt(actor.app.id, message.id);
}
