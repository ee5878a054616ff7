import type { GuildCreatePayload, GuildListEntry, GuildSnapshot } from "@chatbot/protocol";
import { bitsToPermissions } from "@chatbot/protocol";
import { compareIds } from "../../kernel/ids.js";
import { effectiveIntents, effectiveScopes } from "../../kernel/permissions/effective.js";
import { rolesHighestFirst } from "../roles/role-order.js";
import { basePermissions, hasPermission } from "../../kernel/permissions/compute.js";
import type { PermissionEngine } from "../../kernel/permissions/permission-engine.js";
import type { AppRecord, ChannelRecord, GuildRecord, InstallRecord } from "../../kernel/world/records.js";
import { pairKey, type World } from "../../kernel/world/world.js";
import { channelObject } from "../channels/channel-serializer.js";
import { serializeCategory, serializeEmoji, serializeRole } from "../roles/role-serializer.js";

/** What the guild serializers read. */
export interface GuildView {
  readonly world: World;
  readonly engine: PermissionEngine;
}

/** A bot server list entry. */
export function serializeGuildListEntry(guild: GuildRecord): GuildListEntry {
  return { id: guild.id, name: guild.name, icon_id: guild.icon_id };
}

/**
 * The server snapshot for an app's bot: only channels the bot can see, only categories that hold
 * one, every role (highest first), and `me` (the bot's roles and server permissions).
 */
export function guildSnapshot(view: GuildView, guild: GuildRecord, app: AppRecord): GuildSnapshot {
  const { world, engine } = view;
  const botId = app.bot_user_id;
  // The bot's standing is read once, and each channel's permissions once (to filter and to show).
  const subject = engine.subject(guild, botId);
  const channels: { channel: ChannelRecord; bits: bigint }[] = [];
  for (const channel of world.tables.channels.by("guild", guild.id).values()) {
    const bits = engine.channelBitsOf(subject, channel);
    if (hasPermission(bits, "view_channels")) channels.push({ channel, bits });
  }
  channels.sort((a, b) => a.channel.position - b.channel.position || compareIds(a.channel.id, b.channel.id));
  const held = new Set(channels.map((c) => c.channel.category_id));
  const categories = [...world.tables.categories.by("guild", guild.id).values()]
    .filter((c) => held.has(c.id))
    .sort((a, b) => a.position - b.position || compareIds(a.id, b.id));
  const member = world.tables.members.get(pairKey(guild.id, botId));
  return {
    id: guild.id,
    name: guild.name,
    description: guild.description,
    icon_id: guild.icon_id,
    owner_id: guild.owner_id,
    channels: channels.map((c) => channelObject(c.channel, c.bits)),
    categories: categories.map(serializeCategory),
    roles: rolesHighestFirst(world, guild.id).map(serializeRole),
    me: {
      roles: [...(member?.roles ?? [])],
      permissions: bitsToPermissions(subject ? basePermissions(subject) : 0n),
    },
  };
}

/** The snapshot of `GET /v1/guilds/{id}`: plus the install's effective `scopes` and `intents`. */
export function guildWithAccess(
  view: GuildView,
  guild: GuildRecord,
  app: AppRecord,
  install: InstallRecord,
): GuildSnapshot {
  return {
    ...guildSnapshot(view, guild, app),
    scopes: effectiveScopes(app, install),
    intents: effectiveIntents(app, install),
  };
}

/** The payload of `GUILD_CREATE` / `GUILD_UPDATE`: snapshot, effective scopes and intents, emojis. */
export function guildCreatePayload(
  view: GuildView,
  guild: GuildRecord,
  app: AppRecord,
  install: InstallRecord,
): GuildCreatePayload {
  const emojis = [...view.world.tables.emojis.by("guild", guild.id).values()].sort((a, b) =>
    compareIds(a.id, b.id),
  );
  return {
    ...guildSnapshot(view, guild, app),
    scopes: effectiveScopes(app, install),
    intents: effectiveIntents(app, install),
    emojis: emojis.map(serializeEmoji),
  };
}
