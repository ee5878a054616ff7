import type { ServerCore } from "../core/server-core.js";
import { hasPermission } from "../permissions/compute.js";
import type { MessageRecord } from "../world/records.js";
import { canReadMessage, requireScope, visibleChannel, visibleMessage } from "./access.js";
import type { Actor } from "./actor.js";

/** A page request of a channel's messages (ids exclusive). */
export interface MessagePage {
  readonly limit: number;
  readonly before?: string | undefined;
  readonly after?: string | undefined;
}

/** A page of messages, newest first; `historyHidden` when the history rule left messages out. */
export interface MessageList {
  readonly messages: MessageRecord[];
  readonly historyHidden: boolean;
}

/**
 * Lists messages of a channel the actor can see (bots need `messages.read`), newest first. With
 * `after` the page holds the messages just after it; otherwise the newest ones (before `before`).
 * Without Read message history the history rule applies and `historyHidden` is set. Voice channels
 * hold no messages.
 */
export function listMessages(
  core: ServerCore,
  actor: Actor,
  channelId: string,
  page: MessagePage,
): MessageList {
  const { channel, guild } = visibleChannel(core, actor, channelId);
  requireScope(core, actor, guild.id, "messages.read");
  const bits = core.engine.channelBits(channel, actor.user.id);
  const historyHidden = !hasPermission(bits, "read_message_history");
  const messages: MessageRecord[] = [];
  const table = core.world.tables.messages;
  core.world.messagesOf(channel.id).walk(page, (id) => {
    const message = table.get(id);
    if (message && canReadMessage(core, actor, bits, message)) messages.push(message);
    return messages.length < page.limit;
  });
  if (page.after !== undefined) messages.reverse();
  return { messages, historyHidden };
}

/** One message the actor may read (bots need `messages.read`); otherwise `404 unknown_message`. */
export function getMessage(
  core: ServerCore,
  actor: Actor,
  channelId: string,
  messageId: string,
): MessageRecord {
  const { channel, guild } = visibleChannel(core, actor, channelId);
  requireScope(core, actor, guild.id, "messages.read");
  return visibleMessage(core, actor, channel, messageId);
}
