import type { Kernel } from "../../kernel/kernel.js";
import { InvalidBodyError, UnknownObjectError } from "../../kernel/errors/api-error.js";
import { requireChannelPermission, visibleChannel } from "../../kernel/visibility/access.js";
import type { PersonActor } from "../../kernel/actors/actor.js";
import { writeAudit } from "../../kernel/audit/audit.js";
import type { WebhookRecord } from "./webhook-record.js";
import { hashWebhookSecret, newWebhookSecret } from "./webhook-secret.js";

/** A webhook with the secret of its new URL (shown once, never kept). */
export interface WebhookWithSecret {
  readonly webhook: WebhookRecord;
  readonly secret: string;
}

/** The webhook `webhookId`, or `404 unknown_webhook`. */
export function webhookById(core: Kernel, webhookId: string): WebhookRecord {
  const webhook = core.world.tables.webhooks.get(webhookId);
  if (!webhook) throw new UnknownObjectError("webhook");
  return webhook;
}

/** The webhook, for a person who sees its channel and holds `manage_webhooks` there. */
function managedWebhook(core: Kernel, actor: PersonActor, webhookId: string): WebhookRecord {
  const webhook = webhookById(core, webhookId);
  const { channel } = visibleChannel(core, actor, webhook.channel_id);
  requireChannelPermission(core, actor, channel, "manage_webhooks");
  return webhook;
}

/**
 * Makes a webhook in a text channel, as a person with `manage_webhooks` there, who becomes its maker.
 * Written to the audit log (`50 webhook_create`).
 */
export function createWebhook(
  core: Kernel,
  actor: PersonActor,
  channelId: string,
  input: { readonly name: string },
): WebhookWithSecret {
  return core.transact((tx) => {
    const { channel, guild } = visibleChannel(core, actor, channelId);
    requireChannelPermission(core, actor, channel, "manage_webhooks");
    if (channel.kind === "voice") throw InvalidBodyError.at("channel_id", "webhooks post in text channels");
    const secret = newWebhookSecret();
    const webhook: WebhookRecord = {
      id: core.ids.next(),
      guild_id: guild.id,
      channel_id: channel.id,
      name: input.name,
      avatar_id: null,
      maker_id: actor.user.id,
      secret_hash: hashWebhookSecret(secret),
      maker_left: false,
      created_at: tx.now,
    };
    tx.put("webhooks", webhook);
    writeAudit(core, tx, {
      guildId: guild.id,
      action: "webhook_create",
      userId: actor.user.id,
      targetId: webhook.id,
      options: { channel_id: channel.id },
      changes: [
        { key: "name", new_value: webhook.name },
        { key: "channel_id", new_value: channel.id },
      ],
    });
    return { webhook, secret };
  });
}

/**
 * Makes a new URL for a webhook, as a person with `manage_webhooks` in its channel: the old URL stops
 * working at once, the person becomes the maker, and a `maker_left` pause ends. Written to the audit
 * log (`51 webhook_update`).
 */
export function renewWebhookUrl(core: Kernel, actor: PersonActor, webhookId: string): WebhookWithSecret {
  return core.transact((tx) => {
    const before = managedWebhook(core, actor, webhookId);
    const secret = newWebhookSecret();
    const webhook: WebhookRecord = {
      ...before,
      maker_id: actor.user.id,
      secret_hash: hashWebhookSecret(secret),
      maker_left: false,
    };
    tx.put("webhooks", webhook);
    writeAudit(core, tx, {
      guildId: webhook.guild_id,
      action: "webhook_update",
      userId: actor.user.id,
      targetId: webhook.id,
      options: { channel_id: webhook.channel_id, new_url: true },
      changes:
        before.maker_id === webhook.maker_id
          ? []
          : [{ key: "maker_id", old_value: before.maker_id, new_value: webhook.maker_id }],
    });
    return { webhook, secret };
  });
}

/** Deletes a webhook, as a person with `manage_webhooks` in its channel (`52 webhook_delete`). */
export function deleteWebhook(core: Kernel, actor: PersonActor, webhookId: string): void {
  core.transact((tx) => {
    const webhook = managedWebhook(core, actor, webhookId);
    tx.remove("webhooks", webhook.id);
    writeAudit(core, tx, {
      guildId: webhook.guild_id,
      action: "webhook_delete",
      userId: actor.user.id,
      targetId: webhook.id,
      options: { channel_id: webhook.channel_id },
      changes: [{ key: "name", old_value: webhook.name }],
    });
  });
}
