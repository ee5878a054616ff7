import { isWebhookBodyEmpty, type WebhookExecuteBody } from "@chatbot/protocol";
import { findAutomodHit, recordAutomodBlock } from "../automod/automod-check.js";
import type { Kernel } from "../../kernel/kernel.js";
import { normalizeEmbed } from "../messages/message-input.js";
import type { LinkCardRecord, MessageRecord } from "../../kernel/world/records.js";
import {
  UnknownWebhookError,
  WebhookAutomodError,
  WebhookEmptyMessageError,
  WebhookInvalidBodyError,
  WebhookPausedError,
} from "./webhook-errors.js";
import { webhookMentions } from "./webhook-mentions.js";
import type { WebhookRecord } from "./webhook-record.js";
import { webhookSecretMatches } from "./webhook-secret.js";
import { webhookState } from "./webhook-state.js";

/**
 * The webhook behind a URL, or `404 10015` — for an unknown id, a wrong secret and a deleted channel
 * alike, so the answer never says which part was wrong.
 */
export function identifyWebhook(core: Kernel, webhookId: string, secret: string): WebhookRecord {
  const webhook = core.world.tables.webhooks.get(webhookId);
  const matches = webhookSecretMatches(webhook?.secret_hash ?? "0".repeat(64), secret);
  if (!webhook || !matches || !core.world.tables.channels.has(webhook.channel_id)) {
    throw new UnknownWebhookError();
  }
  return webhook;
}

function cardRecords(body: WebhookExecuteBody): LinkCardRecord[] {
  return (body.cards ?? []).map((card) => {
    const out: { -readonly [K in keyof LinkCardRecord]: LinkCardRecord[K] } = { url: card.url };
    if (card.title !== undefined) out.title = card.title;
    if (card.description !== undefined) out.description = card.description;
    return out;
  });
}

function checkAllowedMentions(body: WebhookExecuteBody): void {
  const allowed = body.allowed_mentions;
  const errors: Record<string, string[]> = {};
  if (allowed?.parse?.includes("users") && allowed.users?.length) {
    errors["allowed_mentions.users"] = ["cannot list users when parse holds users"];
  }
  if (allowed?.parse?.includes("roles") && allowed.roles?.length) {
    errors["allowed_mentions.roles"] = ["cannot list roles when parse holds roles"];
  }
  if (Object.keys(errors).length > 0) throw new WebhookInvalidBodyError(errors);
}

/**
 * Posts a validated body through an identified webhook: `50006` when it shows nothing, `403
 * webhook_paused` while paused, `403 200000` (and an audit log entry) when AutoMod blocks it.
 * Mentions reach only as far as the maker's; the post shows the webhook's name (or `username`) and
 * picture, and produces `MESSAGE_CREATE` like any message.
 */
export function executeWebhook(
  core: Kernel,
  webhook: WebhookRecord,
  body: WebhookExecuteBody,
): MessageRecord {
  checkAllowedMentions(body);
  if (isWebhookBodyEmpty(body)) throw new WebhookEmptyMessageError();
  const channel = core.world.tables.channels.get(webhook.channel_id);
  if (!channel) throw new UnknownWebhookError();
  const state = webhookState(core, webhook);
  if (state.state === "paused") throw new WebhookPausedError(state.paused_reason);
  const hit = findAutomodHit(core, channel.guild_id, "webhook", body);
  if (hit) {
    recordAutomodBlock(core, hit, channel.id, webhook.id);
    throw new WebhookAutomodError(hit.rule.name);
  }
  return core.transact((tx) => {
    const content = body.content ?? "";
    const message: MessageRecord = {
      id: core.ids.next(),
      channel_id: channel.id,
      guild_id: channel.guild_id,
      author_id: webhook.id,
      content,
      embeds: (body.embeds ?? []).map(normalizeEmbed),
      attachments: [],
      poll: null,
      mentions: webhookMentions(core, channel, webhook.maker_id, content, body.allowed_mentions),
      reactions: [],
      reply_to: null,
      interaction: null,
      pinned: false,
      created_at: tx.now,
      edited_at: null,
      nonce: null,
      nonce_digest: null,
      webhook: { id: webhook.id, username: body.username ?? webhook.name, avatar_id: webhook.avatar_id },
      cards: cardRecords(body),
    };
    tx.put("messages", message);
    tx.emit({ type: "MESSAGE_CREATE", guildId: channel.guild_id, message });
    return message;
  });
}
