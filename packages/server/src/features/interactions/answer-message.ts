import { EMPTY_MESSAGE } from "@chatbot/protocol";
import type { Kernel } from "../../kernel/kernel.js";
import { InvalidBodyError } from "../../kernel/errors/api-error.js";
import { requireChannelPermission } from "../../kernel/visibility/access.js";
import type { BotActor } from "../../kernel/actors/actor.js";
import { checkAllowedMentions, parseMentions } from "../messages/mentions.js";
import { type EmbedInput, type MessageInput, normalizeEmbed } from "../messages/message-input.js";
import type { ChannelRecord, MessageRecord } from "../../kernel/world/records.js";
import type { Transaction } from "../../kernel/changes/transaction.js";
import type { InteractionRecord } from "./interaction-record.js";
import { editedMessage } from "../messages/message-edit.js";

/** What an answer says: content, embeds and `allowed_mentions`. */
export interface AnswerInput {
  readonly content?: string | undefined;
  readonly embeds?: readonly EmbedInput[] | undefined;
  readonly allowed_mentions?: MessageInput["allowed_mentions"];
}

function requireEmbedLinks(core: Kernel, bot: BotActor, channel: ChannelRecord, input: AnswerInput): void {
  if (input.embeds && input.embeds.length > 0) requireChannelPermission(core, bot, channel, "embed_links");
  checkAllowedMentions(input.allowed_mentions);
}

/**
 * A new answer message of the bot, carrying the `interaction` field. It is the bot's own message
 * under its own permissions (`send_messages`, `embed_links` for embeds, mentions as far as the bot
 * may mention); no `messages.send` scope is needed and slowmode never delays it.
 */
export function makeAnswer(
  core: Kernel,
  tx: Transaction,
  bot: BotActor,
  channel: ChannelRecord,
  interaction: InteractionRecord,
  input: AnswerInput,
): MessageRecord {
  requireChannelPermission(core, bot, channel, "send_messages");
  requireEmbedLinks(core, bot, channel, input);
  const content = input.content ?? "";
  const embeds = (input.embeds ?? []).map(normalizeEmbed);
  if (content === "" && embeds.length === 0) throw InvalidBodyError.at("content", EMPTY_MESSAGE);
  return {
    id: core.ids.next(),
    channel_id: channel.id,
    guild_id: channel.guild_id,
    author_id: bot.user.id,
    content,
    embeds,
    attachments: [],
    poll: null,
    mentions: parseMentions(core, channel, bot.user.id, content, input.allowed_mentions),
    reactions: [],
    reply_to: null,
    interaction: { id: interaction.id, name: interaction.command_name, user_id: interaction.user_id },
    pinned: false,
    created_at: tx.now,
    edited_at: null,
    nonce: null,
    nonce_digest: null,
  };
}

/** An answer after an edit: the fields given change, `edited_at` is set; it may not become empty. */
export function editAnswer(
  core: Kernel,
  tx: Transaction,
  bot: BotActor,
  channel: ChannelRecord,
  before: MessageRecord,
  input: AnswerInput,
): MessageRecord {
  requireEmbedLinks(core, bot, channel, input);
  return editedMessage(core, channel, bot.user.id, before, input, tx.now);
}

/**
 * Saves a new answer: an ephemeral one only inside the interaction (never in history or
 * `MESSAGE_CREATE`), any other as an ordinary message with its `MESSAGE_CREATE` change. Returns the
 * interaction with the answer listed.
 */
export function postAnswer(
  tx: Transaction,
  interaction: InteractionRecord,
  message: MessageRecord,
  ephemeral: boolean,
): InteractionRecord {
  if (ephemeral) {
    return { ...interaction, ephemeral_messages: [...interaction.ephemeral_messages, message] };
  }
  tx.put("messages", message);
  tx.emit({ type: "MESSAGE_CREATE", guildId: message.guild_id, message });
  return { ...interaction, message_ids: [...interaction.message_ids, message.id] };
}
