import type { Kernel } from "../../kernel/kernel.js";
import type { Actor } from "../../kernel/actors/actor.js";
import { UnknownObjectError } from "../../kernel/errors/api-error.js";
import type { ChannelRecord, MessageRecord } from "../../kernel/world/records.js";
import { canReadMessage } from "../../kernel/visibility/access.js";

/** A message of `channel` the actor may read; otherwise `404 unknown_message`. */
export function visibleMessage(
  core: Kernel,
  actor: Actor,
  channel: ChannelRecord,
  messageId: string,
): MessageRecord {
  const message = core.world.tables.messages.get(messageId);
  if (!message || message.channel_id !== channel.id) throw new UnknownObjectError("message");
  if (!canReadMessage(core, actor, core.engine.channelBits(channel, actor.user.id), message)) {
    throw new UnknownObjectError("message");
  }
  return message;
}
