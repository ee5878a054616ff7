import type { ServerChange } from "../../kernel/changes/server-change.js";
import { canReadMessage } from "../../kernel/visibility/access.js";
import { hasPermission } from "../../kernel/permissions/compute.js";
import { serializeMessage } from "./message-serializer.js";
import type { ChannelRecord, MessageRecord } from "../../kernel/world/records.js";
import type { ChangeContext, ProjectionViewer } from "../../gateway/projection.js";

export type MessageChange = Extract<
  ServerChange,
  {
    type:
      | "MESSAGE_CREATE"
      | "MESSAGE_UPDATE"
      | "MESSAGE_DELETE"
      | "MESSAGE_DELETE_BULK"
      | "MESSAGE_REACTION_ADD"
      | "MESSAGE_REACTION_REMOVE";
  }
>;

/** The channel's bits for the viewer when it can see the channel, else null. */
function visibleBits(ctx: ChangeContext, viewer: ProjectionViewer, channelId: string): bigint | null {
  const channel: ChannelRecord | undefined = ctx.core.world.tables.channels.get(channelId);
  if (!channel) return null;
  const bits = viewer.channelBits(channel);
  return hasPermission(bits, "view_channels") ? bits : null;
}

/** Whether the bot could see `message`: the history rule of REST reads, for events too. */
function couldRead(
  ctx: ChangeContext,
  viewer: ProjectionViewer,
  bits: bigint,
  message: MessageRecord,
): boolean {
  if (message.author_id === viewer.botId || hasPermission(bits, "read_message_history")) return true;
  const actor = viewer.actor();
  return actor !== null && canReadMessage(ctx.core, actor, bits, message);
}

/** A message object for the viewer; text, embeds, attachments and poll only with content access. */
function sendMessage(
  ctx: ChangeContext,
  viewer: ProjectionViewer,
  event: "MESSAGE_CREATE" | "MESSAGE_UPDATE",
  message: MessageRecord,
): void {
  const botId = viewer.botId;
  const contentAccess = viewer.contentAccess;
  const available = contentAccess || message.author_id === botId || message.mentions.users.includes(botId);
  // What differs between viewers: whether the text is shown, and `me` on each reaction.
  let key = available ? "1:" : "0:";
  message.reactions.forEach((reaction, index) => {
    if (reaction.user_ids.includes(botId)) key += `${index},`;
  });
  viewer.send(ctx, event, key, () =>
    serializeMessage(ctx.core.world, message, { userId: botId, contentAccess }),
  );
}

/**
 * Message events (`guild_messages`, `guild_reactions`): only for channels the bot sees now, and,
 * beyond a new message, only about messages it could read (the history rule);
 * `MESSAGE_DELETE_BULK` lists only those ids, and is not sent when none is left.
 */
export function projectMessageChange(
  ctx: ChangeContext,
  change: MessageChange,
  viewer: ProjectionViewer,
): void {
  switch (change.type) {
    case "MESSAGE_CREATE": {
      if (!viewer.allows(change.type)) return;
      if (visibleBits(ctx, viewer, change.message.channel_id) === null) return;
      sendMessage(ctx, viewer, change.type, change.message);
      return;
    }
    case "MESSAGE_UPDATE": {
      if (!viewer.allows(change.type)) return;
      const bits = visibleBits(ctx, viewer, change.message.channel_id);
      if (bits === null || !couldRead(ctx, viewer, bits, change.message)) return;
      sendMessage(ctx, viewer, change.type, change.message);
      return;
    }
    case "MESSAGE_DELETE": {
      if (!viewer.allows(change.type)) return;
      const { message } = change;
      const bits = visibleBits(ctx, viewer, message.channel_id);
      if (bits === null || !couldRead(ctx, viewer, bits, message)) return;
      viewer.send(ctx, change.type, "", () => ({
        id: message.id,
        channel_id: message.channel_id,
        guild_id: message.guild_id,
      }));
      return;
    }
    case "MESSAGE_DELETE_BULK": {
      if (!viewer.allows(change.type)) return;
      const bits = visibleBits(ctx, viewer, change.channelId);
      if (bits === null) return;
      const ids = change.messages.filter((m) => couldRead(ctx, viewer, bits, m)).map((m) => m.id);
      if (ids.length === 0) return;
      const all = ids.length === change.messages.length;
      viewer.send(ctx, change.type, all ? "all" : ids.join(","), () => ({
        ids,
        channel_id: change.channelId,
        guild_id: change.guildId,
      }));
      return;
    }
    case "MESSAGE_REACTION_ADD":
    case "MESSAGE_REACTION_REMOVE": {
      if (!viewer.allows(change.type)) return;
      const { message, userId, emoji } = change;
      const bits = visibleBits(ctx, viewer, message.channel_id);
      if (bits === null || !couldRead(ctx, viewer, bits, message)) return;
      viewer.send(ctx, change.type, "", () => ({
        channel_id: message.channel_id,
        guild_id: message.guild_id,
        message_id: message.id,
        user_id: userId,
        emoji: { id: emoji.id, name: emoji.name },
      }));
      return;
    }
  }
}
