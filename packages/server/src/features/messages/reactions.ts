import type { Kernel } from "../../kernel/kernel.js";
import { UnknownObjectError } from "../../kernel/errors/api-error.js";
import type { EmojiRef, GuildRecord, MessageRecord, ReactionRecord } from "../../kernel/world/records.js";
import { requireChannelPermission, requireScope, visibleChannel } from "../../kernel/visibility/access.js";
import { visibleMessage } from "./message-access.js";
import type { Actor } from "../../kernel/actors/actor.js";

const CUSTOM = /^([A-Za-z0-9_]{2,32}):([0-9]{1,20})$/u;
const UNICODE =
  /^(?:\p{Regional_Indicator}{2}|[#*0-9]\uFE0F?\u20E3|\p{Extended_Pictographic}[\uFE0F\p{Emoji_Modifier}\u{E0020}-\u{E007F}]*(?:\u200D\p{Extended_Pictographic}[\uFE0F\p{Emoji_Modifier}]*)*)$/u;

/**
 * Reads the `{emoji}` path segment (already URL-decoded): a Unicode emoji, or `name:id` of a custom
 * emoji of this server. Anything else answers `404 unknown_emoji`.
 */
export function parseEmoji(core: Kernel, guild: GuildRecord, segment: string): EmojiRef {
  const custom = CUSTOM.exec(segment);
  if (custom) {
    const emoji = core.world.tables.emojis.get(custom[2]!);
    if (!emoji || emoji.guild_id !== guild.id) throw new UnknownObjectError("emoji");
    return { id: emoji.id, name: emoji.name };
  }
  if (segment.length > 32 || !UNICODE.test(segment)) throw new UnknownObjectError("emoji");
  return { id: null, name: segment };
}

function sameEmoji(a: EmojiRef, b: EmojiRef): boolean {
  return a.id === null ? b.id === null && a.name === b.name : a.id === b.id;
}

function withReaction(
  message: MessageRecord,
  emoji: EmojiRef,
  userId: string,
  add: boolean,
): MessageRecord | null {
  const index = message.reactions.findIndex((r) => sameEmoji(r.emoji, emoji));
  const current = index >= 0 ? message.reactions[index]! : undefined;
  const has = current?.user_ids.includes(userId) ?? false;
  if (has === add) return null;
  const reactions: ReactionRecord[] = [...message.reactions];
  if (add) {
    if (current) reactions[index] = { emoji: current.emoji, user_ids: [...current.user_ids, userId] };
    else reactions.push({ emoji, user_ids: [userId] });
  } else if (current) {
    const user_ids = current.user_ids.filter((id) => id !== userId);
    if (user_ids.length === 0) reactions.splice(index, 1);
    else reactions[index] = { emoji: current.emoji, user_ids };
  }
  return { ...message, reactions };
}

/**
 * Adds or removes the actor's own reaction (bots need the scope `reactions`; adding needs
 * `add_reactions`, which a timeout takes away). Adding twice or removing what is not there changes
 * nothing and emits nothing.
 */
export function setReaction(
  core: Kernel,
  actor: Actor,
  channelId: string,
  messageId: string,
  segment: string,
  add: boolean,
): void {
  core.transact((tx) => {
    const { channel, guild } = visibleChannel(core, actor, channelId);
    requireScope(core, actor, guild.id, "reactions");
    const before = visibleMessage(core, actor, channel, messageId);
    const emoji = parseEmoji(core, guild, segment);
    if (add) requireChannelPermission(core, actor, channel, "add_reactions");
    const message = withReaction(before, emoji, actor.user.id, add);
    if (!message) return;
    tx.put("messages", message);
    tx.emit({
      type: add ? "MESSAGE_REACTION_ADD" : "MESSAGE_REACTION_REMOVE",
      guildId: guild.id,
      message,
      userId: actor.user.id,
      emoji,
    });
  });
}
