import type { Kernel } from "../../kernel/kernel.js";
import { InvalidBodyError } from "../../kernel/errors/api-error.js";
import type {
  CategoryRecord,
  ChannelKindName,
  ChannelRecord,
  OverwriteRecord,
} from "../../kernel/world/records.js";
import type { Transaction } from "../../kernel/changes/transaction.js";
import { pairKey } from "../../kernel/world/world.js";
import {
  requireChannelPermission,
  requireGuildPermission,
  visibleChannel,
  visibleGuild,
} from "../../kernel/visibility/access.js";
import type { PersonActor } from "../../kernel/actors/actor.js";
import { diffChanges, writeAudit } from "../../kernel/audit/audit.js";

/** Fields of a channel a person may set. */
export interface ChannelInput {
  readonly name?: string | undefined;
  readonly kind?: ChannelKindName | undefined;
  readonly topic?: string | null | undefined;
  readonly position?: number | undefined;
  readonly category_id?: string | null | undefined;
  readonly slowmode_seconds?: number | undefined;
  readonly overwrites?: readonly OverwriteRecord[] | undefined;
}

const CHANNEL_KEYS = [
  "name",
  "kind",
  "topic",
  "position",
  "category_id",
  "slowmode_seconds",
  "overwrites",
] as const;

function checkReferences(tx: Transaction, guildId: string, input: ChannelInput): void {
  if (input.category_id) {
    const category = tx.world.tables.categories.get(input.category_id);
    if (!category || category.guild_id !== guildId)
      throw InvalidBodyError.at("category_id", "no such category in this server");
  }
  const seen = new Set<string>();
  input.overwrites?.forEach((o, index) => {
    const exists =
      o.type === "role"
        ? tx.world.tables.roles.get(o.id)?.guild_id === guildId
        : tx.world.tables.members.has(pairKey(guildId, o.id));
    if (!exists) throw InvalidBodyError.at(`overwrites.${index}.id`, `no such ${o.type} in this server`);
    if (seen.has(`${o.type}:${o.id}`))
      throw InvalidBodyError.at(`overwrites.${index}.id`, "a second overwrite for the same id");
    seen.add(`${o.type}:${o.id}`);
  });
}

/** Creates a channel, as a person with `manage_channels` (and `manage_roles` to set overwrites). */
export function createChannel(
  core: Kernel,
  actor: PersonActor,
  guildId: string,
  input: ChannelInput,
): ChannelRecord {
  return core.transact((tx) => {
    const guild = visibleGuild(core, actor, guildId);
    requireGuildPermission(core, actor, guild, "manage_channels");
    if (input.overwrites?.length) requireGuildPermission(core, actor, guild, "manage_roles");
    checkReferences(tx, guildId, input);
    let last = -1;
    for (const c of tx.world.tables.channels.by("guild", guildId).values()) last = Math.max(last, c.position);
    const channel: ChannelRecord = {
      id: core.ids.next(),
      guild_id: guildId,
      name: input.name ?? "channel",
      kind: input.kind ?? "text",
      topic: input.topic ?? null,
      position: input.position ?? last + 1,
      category_id: input.category_id ?? null,
      slowmode_seconds: input.slowmode_seconds ?? 0,
      overwrites: input.overwrites ?? [],
    };
    tx.put("channels", channel);
    tx.emit({ type: "CHANNEL_CREATE", guildId, channel });
    writeAudit(core, tx, {
      guildId,
      action: "channel_create",
      userId: actor.user.id,
      targetId: channel.id,
      changes: [
        { key: "name", new_value: channel.name },
        { key: "kind", new_value: channel.kind },
      ],
    });
    return channel;
  });
}

/** Changes a channel, as a person with `manage_channels` there (`manage_roles` for overwrites). */
export function updateChannel(
  core: Kernel,
  actor: PersonActor,
  channelId: string,
  input: ChannelInput,
): ChannelRecord {
  return core.transact((tx) => {
    const { channel: before, guild } = visibleChannel(core, actor, channelId);
    requireChannelPermission(core, actor, before, "manage_channels");
    if (input.overwrites !== undefined) requireChannelPermission(core, actor, before, "manage_roles");
    if (
      input.kind !== undefined &&
      input.kind !== before.kind &&
      (input.kind === "voice" || before.kind === "voice")
    ) {
      throw InvalidBodyError.at("kind", "only text and announcement channels change into each other");
    }
    checkReferences(tx, guild.id, input);
    const channel: ChannelRecord = {
      ...before,
      name: input.name ?? before.name,
      kind: input.kind ?? before.kind,
      topic: input.topic === undefined ? before.topic : input.topic,
      position: input.position ?? before.position,
      category_id: input.category_id === undefined ? before.category_id : input.category_id,
      slowmode_seconds: input.slowmode_seconds ?? before.slowmode_seconds,
      overwrites: input.overwrites ?? before.overwrites,
    };
    const changes = diffChanges(before, channel, CHANNEL_KEYS);
    if (changes.length === 0) return before;
    tx.put("channels", channel);
    tx.emit({ type: "CHANNEL_UPDATE", guildId: guild.id, channel, before });
    writeAudit(core, tx, {
      guildId: guild.id,
      action: "channel_update",
      userId: actor.user.id,
      targetId: channelId,
      changes,
    });
    return channel;
  });
}

/** Deletes a channel (its messages go with it: the messages feature's cascade), as a person with `manage_channels` there. */
export function deleteChannel(core: Kernel, actor: PersonActor, channelId: string): void {
  core.transact((tx) => {
    const { channel, guild } = visibleChannel(core, actor, channelId);
    requireChannelPermission(core, actor, channel, "manage_channels");
    tx.remove("channels", channelId);
    tx.emit({ type: "CHANNEL_DELETE", guildId: guild.id, channel });
    writeAudit(core, tx, {
      guildId: guild.id,
      action: "channel_delete",
      userId: actor.user.id,
      targetId: channelId,
      changes: [{ key: "name", old_value: channel.name }],
    });
  });
}

/** Creates a category, as a person with `manage_channels`; the server's snapshot changes. */
export function createCategory(
  core: Kernel,
  actor: PersonActor,
  guildId: string,
  input: { readonly name: string; readonly position?: number | undefined },
): CategoryRecord {
  return core.transact((tx) => {
    const guild = visibleGuild(core, actor, guildId);
    requireGuildPermission(core, actor, guild, "manage_channels");
    let last = -1;
    for (const c of tx.world.tables.categories.by("guild", guildId).values())
      last = Math.max(last, c.position);
    const category: CategoryRecord = {
      id: core.ids.next(),
      guild_id: guildId,
      name: input.name,
      position: input.position ?? last + 1,
    };
    tx.put("categories", category);
    tx.emit({ type: "GUILD_UPDATE", guildId, guild, before: guild });
    writeAudit(core, tx, {
      guildId,
      action: "channel_create",
      userId: actor.user.id,
      targetId: category.id,
      options: { category: true },
      changes: [{ key: "name", new_value: category.name }],
    });
    return category;
  });
}
