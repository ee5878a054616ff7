import { CreateWebhookBodySchema } from "@chatbot/protocol/dev";
import { json, NO_CONTENT } from "../../http/reply.js";
import { type DevRoute, devRoute } from "../../http/route.js";
import { serializeDevWebhook, serializeNewWebhook, webhookUrl } from "./webhook-serializer.js";
import { createWebhook, deleteWebhook, renewWebhookUrl, webhookById } from "./webhook-admin.js";

/** Dev routes for webhooks: made, renewed and deleted by a person with `manage_webhooks`. */
export const devWebhookRoutes: DevRoute[] = [
  devRoute({
    method: "POST",
    path: "/dev/v1/channels/:channel_id/webhooks",
    body: CreateWebhookBodySchema,
    handle: ({ core, runtime, actor, param, body }) => {
      const { webhook, secret } = createWebhook(core, actor(), param("channel_id"), body);
      return json(
        { webhook: serializeNewWebhook(webhook), url: webhookUrl(runtime.baseUrl(), webhook.id, secret) },
        201,
      );
    },
  }),
  devRoute({
    method: "POST",
    path: "/dev/v1/webhooks/:webhook_id/url",
    handle: ({ core, runtime, actor, param }) => {
      const { webhook, secret } = renewWebhookUrl(core, actor(), param("webhook_id"));
      return json({ url: webhookUrl(runtime.baseUrl(), webhook.id, secret) });
    },
  }),
  devRoute({
    method: "GET",
    path: "/dev/v1/webhooks/:webhook_id",
    handle: ({ core, param }) => json(serializeDevWebhook(core, webhookById(core, param("webhook_id")))),
  }),
  devRoute({
    method: "DELETE",
    path: "/dev/v1/webhooks/:webhook_id",
    handle: ({ core, actor, param }) => {
      deleteWebhook(core, actor(), param("webhook_id"));
      return NO_CONTENT;
    },
  }),
];
