import type { Kernel } from "../../kernel/kernel.js";
import { hasPermission } from "../../kernel/permissions/compute.js";
import type { MessageRecord } from "../../kernel/world/records.js";
import { pairKey } from "../../kernel/world/world.js";
import { requireScope, visibleChannel } from "../../kernel/visibility/access.js";
import { visibleMessage } from "./message-access.js";
import type { Actor } from "../../kernel/actors/actor.js";
import { idsInPage, idsInSpans, mergePages } from "./history-page.js";

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
 * Without Read message history the history rule applies and `historyHidden` is set: the page is
 * then searched, not walked ({@link readableIds}). Voice channels hold no messages.
 */
export function listMessages(core: Kernel, actor: Actor, channelId: string, page: MessagePage): MessageList {
  const { channel, guild } = visibleChannel(core, actor, channelId);
  requireScope(core, actor, guild.id, "messages.read");
  const bits = core.engine.channelBits(channel, actor.user.id);
  const historyHidden = !hasPermission(bits, "read_message_history");
  const table = core.world.tables.messages;
  const ids = historyHidden
    ? readableIds(core, actor, channel.id, page)
    : idsInPage(core.world.tables.messages.ordered("channel", channel.id), page);
  const messages: MessageRecord[] = [];
  for (const id of ids) {
    const message = table.get(id);
    if (message) messages.push(message);
  }
  if (page.after !== undefined) messages.reverse();
  return { messages, historyHidden };
}

/**
 * The page's ids the history rule lets an actor without Read message history read (the rule of
 * `canReadMessage`): its own messages, and for a bot those made while it was connected. Both
 * are searches of ordered indexes (the author's messages in the channel; the channel's messages
 * inside each connected span), merged: O(log n + spans + limit) however long the channel is.
 */
function readableIds(core: Kernel, actor: Actor, channelId: string, page: MessagePage): string[] {
  const own = idsInPage(
    core.world.tables.messages.ordered("author", pairKey(channelId, actor.user.id)),
    page,
  );
  if (actor.kind !== "bot") return own;
  const spans = core.presence.spansOf(actor.app.id);
  const connected = idsInSpans(core.world.tables.messages.ordered("channel", channelId), spans, page);
  return mergePages(own, connected, page.after !== undefined, page.limit);
}

/** One message the actor may read (bots need `messages.read`); otherwise `404 unknown_message`. */
export function getMessage(core: Kernel, actor: Actor, channelId: string, messageId: string): MessageRecord {
  const { channel, guild } = visibleChannel(core, actor, channelId);
  requireScope(core, actor, guild.id, "messages.read");
  return visibleMessage(core, actor, channel, messageId);
}
