import type { Kernel } from "../../kernel/kernel.js";
import { InvalidBodyError } from "../../kernel/errors/api-error.js";
import type { ChannelRecord, MessageRecord } from "../../kernel/world/records.js";
import { parseMentions } from "./mentions.js";
import { type EmbedInput, type MessageInput, normalizeEmbed } from "./message-input.js";

/** Fields an edit may change (a person's or bot's edit, or an interaction answer's). */
export interface EditMessageInput {
  readonly content?: string | undefined;
  readonly embeds?: readonly EmbedInput[] | undefined;
  readonly allowed_mentions?: MessageInput["allowed_mentions"];
}

/**
 * The record after an edit by `authorId`: the fields given change, mentions are parsed again when
 * the text or `allowed_mentions` changed, `edited_at` is `now`. Answers `400` when the edit would
 * leave the message empty. Permission checks are the caller's.
 */
export function editedMessage(
  core: Kernel,
  channel: ChannelRecord,
  authorId: string,
  before: MessageRecord,
  input: EditMessageInput,
  now: number,
): MessageRecord {
  const content = input.content ?? before.content;
  const message: MessageRecord = {
    ...before,
    content,
    embeds: input.embeds ? input.embeds.map(normalizeEmbed) : before.embeds,
    mentions:
      input.content !== undefined || input.allowed_mentions !== undefined
        ? parseMentions(core, channel, authorId, content, input.allowed_mentions)
        : before.mentions,
    edited_at: now,
  };
  if (
    message.content === "" &&
    message.embeds.length === 0 &&
    message.attachments.length === 0 &&
    !message.poll
  ) {
    throw InvalidBodyError.at("content", "an edit cannot leave the message empty");
  }
  return message;
}
