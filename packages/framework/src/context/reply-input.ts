import type { AllowedMentions, Embed } from "@chatbot/protocol";

/** An answer: text, embeds and who its mentions may notify; `ephemeral` shows it to the person only. */
export interface ReplyOptions {
  readonly content?: string;
  readonly embeds?: readonly Embed[];
  readonly allowed_mentions?: AllowedMentions;
  readonly ephemeral?: boolean;
}

/** A reply: plain text, or {@link ReplyOptions}. */
export type ReplyInput = string | ReplyOptions;

/** The message body of a reply (without `ephemeral`), and its flags (64 when ephemeral). */
export function toMessageBody(input: ReplyInput): {
  body: { content?: string; embeds?: Embed[]; allowed_mentions?: AllowedMentions };
  ephemeral: boolean;
} {
  const options: ReplyOptions = typeof input === "string" ? { content: input } : input;
  const body: { content?: string; embeds?: Embed[]; allowed_mentions?: AllowedMentions } = {};
  if (options.content !== undefined) body.content = options.content;
  if (options.embeds !== undefined) body.embeds = [...options.embeds];
  if (options.allowed_mentions !== undefined) body.allowed_mentions = options.allowed_mentions;
  return { body, ephemeral: options.ephemeral === true };
}

/** The `flags` value of an ephemeral answer. */
export const EPHEMERAL = 64;
