/** Where incoming webhooks live (no `/v1`, no token): the `webhook` route kind of the HTTP layer. */
export const WEBHOOK_PATH_PREFIX = "/api/webhooks/";

/** Whether a request is for the webhook routes. */
export function isWebhookRequest(url: string): boolean {
  return url.startsWith(WEBHOOK_PATH_PREFIX) || url === "/api/webhooks";
}
