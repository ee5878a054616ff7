import type { WebhookPausedReason } from "@chatbot/protocol";
import type { Kernel } from "../../kernel/kernel.js";
import type { WebhookRecord } from "./webhook-record.js";

/** A webhook's state: active, or paused with a reason. */
export type WebhookState =
  | { readonly state: "active"; readonly paused_reason: null }
  | { readonly state: "paused"; readonly paused_reason: WebhookPausedReason };

const ACTIVE: WebhookState = { state: "active", paused_reason: null };

/**
 * The state of a webhook now, as each execution checks it: paused `maker_left` from the moment the
 * maker left (until a new URL is made); paused `maker_cannot_send` while the maker is timed out or
 * cannot send messages in the channel (it ends by itself when they can again); active otherwise.
 */
export function webhookState(core: Kernel, webhook: WebhookRecord): WebhookState {
  if (webhook.maker_left || !core.engine.member(webhook.guild_id, webhook.maker_id)) {
    return { state: "paused", paused_reason: "maker_left" };
  }
  const channel = core.world.tables.channels.get(webhook.channel_id);
  if (!channel || !core.engine.can(channel, webhook.maker_id, "send_messages")) {
    return { state: "paused", paused_reason: "maker_cannot_send" };
  }
  return ACTIVE;
}
