import { createHash } from "node:crypto";
import type { AttachmentRecord, EmbedRecord, PollRecord } from "../../kernel/world/records.js";
import type { AllowedMentionsInput } from "./mentions.js";

/**
 * An embed as validated at the edge: a bot embed (`EmbedSchema`: color as `#rrggbb` or a number, no
 * `author.url`) or a webhook embed (`WebhookEmbedSchema`: number color, `author.url`).
 */
export interface EmbedInput {
  readonly title?: string | undefined;
  readonly description?: string | undefined;
  readonly url?: string | undefined;
  readonly color?: string | number | undefined;
  readonly fields?:
    | readonly { readonly name: string; readonly value: string; readonly inline?: boolean | undefined }[]
    | undefined;
  readonly footer?: { readonly text: string } | undefined;
  readonly author?: { readonly name: string; readonly url?: string | undefined } | undefined;
  readonly timestamp?: string | undefined;
}

/** An attachment a person posts through the dev API (the server keeps only its description). */
export interface AttachmentInput {
  readonly filename: string;
  readonly size: number;
  readonly content_type?: string | null | undefined;
  readonly url?: string | undefined;
}

/** A poll a person posts through the dev API. */
export interface PollInput {
  readonly question: { readonly text: string };
  readonly answers: readonly { readonly text: string }[];
  readonly duration_hours?: number | undefined;
  readonly allow_multiselect?: boolean | undefined;
}

/** What a new message is made of, for bots and people alike. */
export interface MessageInput {
  readonly content?: string | undefined;
  readonly reply_to?: string | undefined;
  readonly nonce?: string | undefined;
  readonly embeds?: readonly EmbedInput[] | undefined;
  readonly allowed_mentions?: AllowedMentionsInput | undefined;
  readonly attachments?: readonly AttachmentInput[] | undefined;
  readonly poll?: PollInput | undefined;
}

/** Keeps the displayed keys of an embed; a `#rrggbb` color becomes an integer. */
export function normalizeEmbed(embed: EmbedInput): EmbedRecord {
  const out: {
    -readonly [K in keyof EmbedRecord]: EmbedRecord[K];
  } = {};
  if (embed.title !== undefined) out.title = embed.title;
  if (embed.description !== undefined) out.description = embed.description;
  if (embed.url !== undefined) out.url = embed.url;
  if (embed.color !== undefined) {
    out.color = typeof embed.color === "number" ? embed.color : Number.parseInt(embed.color.slice(1), 16);
  }
  if (embed.fields !== undefined) {
    out.fields = embed.fields.map((f) =>
      f.inline === undefined
        ? { name: f.name, value: f.value }
        : { name: f.name, value: f.value, inline: f.inline },
    );
  }
  if (embed.footer !== undefined) out.footer = { text: embed.footer.text };
  if (embed.author !== undefined) {
    out.author =
      embed.author.url === undefined
        ? { name: embed.author.name }
        : { name: embed.author.name, url: embed.author.url };
  }
  if (embed.timestamp !== undefined) out.timestamp = embed.timestamp;
  return out;
}

/** Makes attachment entries; the server stores no bytes, so the URL is the given one or a placeholder. */
export function makeAttachments(
  inputs: readonly AttachmentInput[],
  nextId: () => string,
): AttachmentRecord[] {
  return inputs.map((a) => {
    const id = nextId();
    return {
      id,
      filename: a.filename,
      size: a.size,
      content_type: a.content_type ?? null,
      url: a.url ?? `https://files.invalid/attachments/${id}/${encodeURIComponent(a.filename)}`,
    };
  });
}

/** Makes a poll: answers numbered from 1, no votes, ending after `duration_hours` (default 24). */
export function makePoll(input: PollInput, now: number): PollRecord {
  return {
    question: { text: input.question.text },
    answers: input.answers.map((a, i) => ({ answer_id: i + 1, text: a.text, votes: 0 })),
    expires_at: now + (input.duration_hours ?? 24) * 3_600_000,
    allow_multiselect: input.allow_multiselect ?? false,
  };
}

/** A digest of what a create request asks for: same nonce and same digest return the first message. */
export function messageDigest(input: MessageInput): string {
  const canonical = JSON.stringify([
    input.content ?? "",
    (input.embeds ?? []).map(normalizeEmbed),
    input.reply_to ?? null,
    input.allowed_mentions ?? null,
    input.attachments ?? [],
    input.poll ?? null,
  ]);
  return createHash("sha256").update(canonical).digest("hex");
}
