import type { Kernel } from "../../kernel/kernel.js";
import { UnknownObjectError } from "../../kernel/errors/api-error.js";
import type { EmojiRecord } from "../../kernel/world/records.js";
import type { Transaction } from "../../kernel/changes/transaction.js";
import { requireGuildPermission, visibleGuild } from "../../kernel/visibility/access.js";
import type { PersonActor } from "../../kernel/actors/actor.js";
import { writeAudit } from "../../kernel/audit/audit.js";

function emitList(tx: Transaction, guildId: string): void {
  tx.emit({
    type: "GUILD_EMOJIS_UPDATE",
    guildId,
    emojis: [...tx.world.tables.emojis.by("guild", guildId).values()],
  });
}

/** Adds a custom emoji, as a person with `manage_guild`. */
export function createEmoji(
  core: Kernel,
  actor: PersonActor,
  guildId: string,
  input: { readonly name: string },
): EmojiRecord {
  return core.transact((tx) => {
    const guild = visibleGuild(core, actor, guildId);
    requireGuildPermission(core, actor, guild, "manage_guild");
    const id = core.ids.next();
    const emoji: EmojiRecord = {
      id,
      guild_id: guildId,
      name: input.name,
      animated: false,
      available: true,
      image_id: id,
    };
    tx.put("emojis", emoji);
    emitList(tx, guildId);
    writeAudit(core, tx, {
      guildId,
      action: "emoji_create",
      userId: actor.user.id,
      targetId: emoji.id,
      changes: [{ key: "name", new_value: emoji.name }],
    });
    return emoji;
  });
}

function emojiIn(tx: Transaction, guildId: string, emojiId: string): EmojiRecord {
  const emoji = tx.world.tables.emojis.get(emojiId);
  if (!emoji || emoji.guild_id !== guildId) throw new UnknownObjectError("emoji");
  return emoji;
}

/** Renames a custom emoji, as a person with `manage_guild`. */
export function renameEmoji(
  core: Kernel,
  actor: PersonActor,
  guildId: string,
  emojiId: string,
  input: { readonly name: string },
): EmojiRecord {
  return core.transact((tx) => {
    const guild = visibleGuild(core, actor, guildId);
    requireGuildPermission(core, actor, guild, "manage_guild");
    const before = emojiIn(tx, guildId, emojiId);
    if (before.name === input.name) return before;
    const emoji = { ...before, name: input.name };
    tx.put("emojis", emoji);
    emitList(tx, guildId);
    writeAudit(core, tx, {
      guildId,
      action: "emoji_update",
      userId: actor.user.id,
      targetId: emojiId,
      changes: [{ key: "name", old_value: before.name, new_value: emoji.name }],
    });
    return emoji;
  });
}

/** Deletes a custom emoji, as a person with `manage_guild`; reactions with it stay on messages. */
export function deleteEmoji(core: Kernel, actor: PersonActor, guildId: string, emojiId: string): void {
  core.transact((tx) => {
    const guild = visibleGuild(core, actor, guildId);
    requireGuildPermission(core, actor, guild, "manage_guild");
    const emoji = emojiIn(tx, guildId, emojiId);
    tx.remove("emojis", emojiId);
    emitList(tx, guildId);
    writeAudit(core, tx, {
      guildId,
      action: "emoji_delete",
      userId: actor.user.id,
      targetId: emojiId,
      changes: [{ key: "name", old_value: emoji.name }],
    });
  });
}
