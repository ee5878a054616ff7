import type { RawRoute, ServerFeature } from "../../http/route.js";
import { isWebhookRequest, WEBHOOK_PATH_PREFIX } from "../../http/webhook-path.js";
import { devWebhookRoutes } from "./webhook-dev-routes.js";
import { webhookCascade } from "./webhook-cascade.js";
import { createWebhookHandler } from "./webhook-handler.js";
import { WEBHOOKS_TABLES } from "./webhooks-tables.js";

/** Webhook executions (`/api/webhooks/{id}/{secret}`): a raw route, with no token and no `/v1`. */
export const webhookRoute: RawRoute = {
  kind: "raw",
  path: `${WEBHOOK_PATH_PREFIX}{id}/{secret}`,
  matches: (_method, url) => isWebhookRequest(url),
  create: (runtime) => createWebhookHandler(runtime),
};

/**
 * Webhooks: their table and operations, the route that executes them, and what a removed server,
 * channel or maker does to them.
 */
export const webhooksFeature: ServerFeature = {
  name: "webhooks",
  routes: [webhookRoute, ...devWebhookRoutes],
  tables: WEBHOOKS_TABLES,
  install(kernel) {
    kernel.onRemoved(webhookCascade(kernel));
  },
};
