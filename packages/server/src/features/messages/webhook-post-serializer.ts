import type { LinkCard, User, WebhookPostResult } from "@chatbot/protocol";
import { serializeEmbed } from "./embed-serializer.js";
import type { MessageRecord, WebhookAuthorRecord } from "../../kernel/world/records.js";

/**
 * The author of a webhook post: the webhook's id, the name shown on the post (the webhook's name or
 * the post's `username`) as both `username` and `name`, its picture, and `bot: true`.
 */
export function webhookAuthor(webhook: WebhookAuthorRecord): User {
  return {
    id: webhook.id,
    username: webhook.username,
    name: webhook.username,
    avatar_id: webhook.avatar_id,
    bot: true,
  };
}

/** The keys a webhook post adds to the message object: `webhook_id`, and `cards` when it has some. */
export function webhookExtras(
  message: MessageRecord,
  available: boolean,
): { webhook_id?: string; cards?: LinkCard[] } {
  if (!message.webhook) return {};
  const cards = available && message.cards?.length ? message.cards.map((c) => ({ ...c })) : undefined;
  return cards ? { webhook_id: message.webhook.id, cards } : { webhook_id: message.webhook.id };
}

/** The answer of an execution with `wait=true`: exactly the eight keys of the interface. */
export function serializeWebhookPostResult(message: MessageRecord, webhookId: string): WebhookPostResult {
  const author = message.webhook ?? { id: webhookId, username: "", avatar_id: null };
  return {
    id: message.id,
    channel_id: message.channel_id,
    guild_id: message.guild_id,
    content: message.content,
    author: { ...webhookAuthor(author), bot: true },
    embeds: message.embeds.map(serializeEmbed),
    timestamp: new Date(message.created_at).toISOString(),
    webhook_id: webhookId,
  };
}
