import { guardPersonMessage } from "../automod/message-guard.js";
import type { Kernel } from "../../kernel/kernel.js";
import {
  InvalidBodyError,
  NonceConflictError,
  NotAuthorError,
  RateLimitedError,
} from "../../kernel/errors/api-error.js";
import { hasPermission } from "../../kernel/permissions/compute.js";
import type { ChannelRecord, MessageRecord } from "../../kernel/world/records.js";
import type { Transaction } from "../../kernel/changes/transaction.js";
import { nonceKey } from "../../kernel/world/world.js";
import {
  canReadMessage,
  requireChannelPermission,
  requireScope,
  visibleChannel,
} from "../../kernel/visibility/access.js";
import { visibleMessage } from "./message-access.js";
import type { Actor } from "../../kernel/actors/actor.js";
import { checkAllowedMentions, parseMentions } from "./mentions.js";
import { type EditMessageInput, editedMessage } from "./message-edit.js";
import {
  type EmbedInput,
  type MessageInput,
  makeAttachments,
  makePoll,
  messageDigest,
  normalizeEmbed,
} from "./message-input.js";

/** What {@link createMessage} did: `created: false` when a retried nonce returned the first message. */
export interface CreatedMessage {
  readonly message: MessageRecord;
  readonly created: boolean;
}

/** Voice channels hold no messages: posting there is a bad request, reading gives nothing. */
export function requireTextChannel(channel: ChannelRecord): void {
  if (channel.kind === "voice") throw InvalidBodyError.at("channel_id", "voice channels hold no messages");
}

function checkSlowmode(core: Kernel, tx: Transaction, actor: Actor, channel: ChannelRecord): void {
  if (channel.slowmode_seconds <= 0) return;
  const bits = core.engine.channelBits(channel, actor.user.id);
  if (hasPermission(bits, "manage_messages") || hasPermission(bits, "manage_channels")) return;
  const last = core.lastPostAt.get(`${channel.id}:${actor.user.id}`);
  const wait = last === undefined ? 0 : last + channel.slowmode_seconds * 1000 - tx.now;
  if (wait > 0)
    throw new RateLimitedError(wait, false, "slowmode: wait before posting again in this channel");
}

function requireEmbedLinks(
  core: Kernel,
  actor: Actor,
  channel: ChannelRecord,
  embeds: readonly EmbedInput[] | undefined,
) {
  if (embeds && embeds.length > 0) requireChannelPermission(core, actor, channel, "embed_links");
}

/**
 * Posts a message, as a bot (scope `messages.send`) or a person: `send_messages` in the channel,
 * `embed_links` for embeds, `attach_files` for attachments, slowmode, `reply_to` of a message of the
 * channel the author can read, mentions parsed with the author's rights. A repeated `nonce` with the
 * same message returns the first; with a different one answers `409 nonce_conflict`.
 */
export function createMessage(
  core: Kernel,
  actor: Actor,
  channelId: string,
  input: MessageInput,
): CreatedMessage {
  if (actor.kind === "person") guardPersonMessage(core, actor, channelId, input);
  return core.transact((tx) => {
    const { channel, guild } = visibleChannel(core, actor, channelId);
    requireScope(core, actor, guild.id, "messages.send");
    requireTextChannel(channel);
    requireChannelPermission(core, actor, channel, "send_messages");
    requireEmbedLinks(core, actor, channel, input.embeds);
    if (input.attachments?.length) requireChannelPermission(core, actor, channel, "attach_files");
    checkAllowedMentions(input.allowed_mentions);

    const digest = input.nonce === undefined ? null : messageDigest(input);
    if (input.nonce !== undefined) {
      const first = tx.world.tables.messages
        .by("nonce", nonceKey(channel.id, actor.user.id, input.nonce))
        .values()
        .next();
      if (!first.done) {
        if (first.value.nonce_digest !== digest) throw new NonceConflictError();
        return { message: first.value, created: false };
      }
    }
    checkSlowmode(core, tx, actor, channel);
    if (input.reply_to !== undefined) {
      const target = tx.world.tables.messages.get(input.reply_to);
      const bits = core.engine.channelBits(channel, actor.user.id);
      if (!target || target.channel_id !== channel.id || !canReadMessage(core, actor, bits, target)) {
        throw InvalidBodyError.at("reply_to", "no such message in this channel");
      }
    }
    const content = input.content ?? "";
    const message: MessageRecord = {
      id: core.ids.next(),
      channel_id: channel.id,
      guild_id: guild.id,
      author_id: actor.user.id,
      content,
      embeds: (input.embeds ?? []).map(normalizeEmbed),
      attachments: makeAttachments(input.attachments ?? [], () => core.ids.next()),
      poll: input.poll ? makePoll(input.poll, tx.now) : null,
      mentions: parseMentions(core, channel, actor.user.id, content, input.allowed_mentions),
      reactions: [],
      reply_to: input.reply_to ?? null,
      interaction: null,
      pinned: false,
      created_at: tx.now,
      edited_at: null,
      nonce: input.nonce ?? null,
      nonce_digest: digest,
    };
    if (
      message.content === "" &&
      message.embeds.length === 0 &&
      message.attachments.length === 0 &&
      !message.poll
    ) {
      throw InvalidBodyError.at("content", "a message needs content, an embed, an attachment or a poll");
    }
    tx.put("messages", message);
    tx.emit({ type: "MESSAGE_CREATE", guildId: guild.id, message });
    tx.afterCommit(() => core.lastPostAt.set(`${channel.id}:${actor.user.id}`, message.created_at));
    return { message, created: true };
  });
}

export type { EditMessageInput } from "./message-edit.js";

/** Edits one of the actor's own messages (`403 not_author` otherwise); bots need `messages.send`. */
export function editMessage(
  core: Kernel,
  actor: Actor,
  channelId: string,
  messageId: string,
  input: EditMessageInput,
): MessageRecord {
  return core.transact((tx) => {
    const { channel, guild } = visibleChannel(core, actor, channelId);
    requireScope(core, actor, guild.id, "messages.send");
    const before = visibleMessage(core, actor, channel, messageId);
    if (before.author_id !== actor.user.id) throw new NotAuthorError();
    requireEmbedLinks(core, actor, channel, input.embeds);
    checkAllowedMentions(input.allowed_mentions);
    const message = editedMessage(core, channel, actor.user.id, before, input, tx.now);
    tx.put("messages", message);
    tx.emit({ type: "MESSAGE_UPDATE", guildId: guild.id, message, before });
    return message;
  });
}
