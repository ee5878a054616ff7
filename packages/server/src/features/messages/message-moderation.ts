import type { Kernel } from "../../kernel/kernel.js";
import { MissingPermissionError, NotAuthorError } from "../../kernel/errors/api-error.js";
import type { MessageRecord } from "../../kernel/world/records.js";
import { requireChannelPermission, visibleChannel } from "../../kernel/visibility/access.js";
import { visibleMessage } from "./message-access.js";
import type { Actor, PersonActor } from "../../kernel/actors/actor.js";
import { writeAudit } from "../../kernel/audit/audit.js";

/**
 * Deletes a message. A bot deletes only its own messages (`403 not_author`, even with
 * `manage_messages`: v1 bots cannot delete other people's messages); a person deletes their own, or
 * another's with `manage_messages` (written to the audit log).
 */
export function deleteMessage(core: Kernel, actor: Actor, channelId: string, messageId: string): void {
  core.transact((tx) => {
    const { channel, guild } = visibleChannel(core, actor, channelId);
    const message = visibleMessage(core, actor, channel, messageId);
    const own = message.author_id === actor.user.id;
    if (!own) {
      if (actor.kind === "bot") throw new NotAuthorError();
      if (!core.engine.can(channel, actor.user.id, "manage_messages")) {
        throw new MissingPermissionError(
          "manage_messages",
          "deleting another's message needs manage_messages",
        );
      }
    }
    tx.remove("messages", messageId);
    tx.emit({ type: "MESSAGE_DELETE", guildId: guild.id, message });
    if (!own) {
      writeAudit(core, tx, {
        guildId: guild.id,
        action: "message_delete",
        userId: actor.user.id,
        targetId: message.author_id,
        options: { channel_id: channel.id, count: 1 },
      });
    }
  });
}

/** Deletes up to 100 messages of a channel at once, as a person with `manage_messages`; unknown ids are skipped. */
export function bulkDeleteMessages(
  core: Kernel,
  actor: PersonActor,
  channelId: string,
  ids: readonly string[],
): number {
  return core.transact((tx) => {
    const { channel, guild } = visibleChannel(core, actor, channelId);
    requireChannelPermission(core, actor, channel, "manage_messages");
    const messages: MessageRecord[] = [];
    for (const id of new Set(ids)) {
      const message = tx.world.tables.messages.get(id);
      if (message?.channel_id !== channelId) continue;
      tx.remove("messages", id);
      messages.push(message);
    }
    if (messages.length === 0) return 0;
    tx.emit({ type: "MESSAGE_DELETE_BULK", guildId: guild.id, channelId, messages });
    writeAudit(core, tx, {
      guildId: guild.id,
      action: "message_bulk_delete",
      userId: actor.user.id,
      targetId: channelId,
      options: { count: messages.length },
    });
    return messages.length;
  });
}

/** Pins or unpins a message, as a person with `manage_messages`; doing it twice changes nothing. */
export function setPinned(
  core: Kernel,
  actor: PersonActor,
  channelId: string,
  messageId: string,
  pinned: boolean,
): void {
  core.transact((tx) => {
    const { channel, guild } = visibleChannel(core, actor, channelId);
    requireChannelPermission(core, actor, channel, "manage_messages");
    const before = visibleMessage(core, actor, channel, messageId);
    if (before.pinned === pinned) return;
    const message = { ...before, pinned };
    tx.put("messages", message);
    tx.emit({ type: "MESSAGE_UPDATE", guildId: guild.id, message, before });
    writeAudit(core, tx, {
      guildId: guild.id,
      action: pinned ? "message_pin" : "message_unpin",
      userId: actor.user.id,
      targetId: message.author_id,
      options: { channel_id: channelId, message_id: messageId },
    });
  });
}
