import type { WebhookInfo } from "@chatbot/protocol";
import type { Kernel } from "../../kernel/kernel.js";
import type { WebhookRecord } from "./webhook-record.js";
import { type WebhookState, webhookState } from "./webhook-state.js";

/** The URL of a webhook with its secret (shown only when made or renewed). */
export function webhookUrl(baseUrl: string, webhookId: string, secret: string): string {
  return `${baseUrl}/api/webhooks/${webhookId}/${secret}`;
}

/** `{ id, name, channel_id, guild_id }`: a new webhook as `POST /dev/v1/channels/{id}/webhooks` shows it. */
export function serializeNewWebhook(webhook: WebhookRecord) {
  return { id: webhook.id, name: webhook.name, channel_id: webhook.channel_id, guild_id: webhook.guild_id };
}

/** `GET /dev/v1/webhooks/{id}`: the webhook with its state now and its maker (never the secret). */
export function serializeDevWebhook(
  core: Kernel,
  webhook: WebhookRecord,
): ReturnType<typeof serializeNewWebhook> & WebhookState & { maker_id: string } {
  const state = webhookState(core, webhook);
  return { ...serializeNewWebhook(webhook), ...state, maker_id: webhook.maker_id };
}

/** `GET /api/webhooks/{id}/{secret}`: never the secret or the maker. */
export function serializeWebhookInfo(webhook: WebhookRecord): WebhookInfo {
  return {
    id: webhook.id,
    name: webhook.name,
    channel_id: webhook.channel_id,
    guild_id: webhook.guild_id,
    avatar_id: webhook.avatar_id,
  };
}
