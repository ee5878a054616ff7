import type { Message } from "@chatbot/protocol";
import { type Harness, ok, type TestWorld } from "./harness.js";

/** What `POST /dev/v1/channels/{id}/webhooks` answers. */
export interface MadeWebhook {
  webhook: { id: string; name: string; channel_id: string; guild_id: string };
  url: string;
}

/** Makes a webhook in `#general` as the owner (or `as`). */
export async function makeWebhook(
  h: Harness,
  w: TestWorld,
  name = "Deploys",
  as = w.owner.id,
): Promise<MadeWebhook> {
  return ok(
    await h.dev<MadeWebhook>("POST", `/dev/v1/channels/${w.general.id}/webhooks`, { name }, { as }),
    201,
  );
}

/** An answer of a webhook URL, with the body parsed when there is one. */
export interface WebhookAnswer<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Headers;
}

/** Calls a webhook URL; `body` is sent as JSON unless `raw` or another `type` is given. */
export async function hook<T = Record<string, unknown>>(
  url: string,
  body?: unknown,
  options: { method?: string; type?: string | null; raw?: string; query?: string } = {},
): Promise<WebhookAnswer<T>> {
  const payload = options.raw ?? (body === undefined ? undefined : JSON.stringify(body));
  const headers: Record<string, string> = {};
  const type = options.type === undefined ? "application/json" : options.type;
  if (payload !== undefined && type !== null) headers["content-type"] = type;
  const response = await fetch(url + (options.query ?? ""), {
    method: options.method ?? "POST",
    headers,
    ...(payload === undefined ? {} : { body: payload }),
  });
  const text = await response.text();
  return {
    status: response.status,
    body: (text === "" ? undefined : JSON.parse(text)) as T,
    headers: response.headers,
  };
}

/** The messages of `#general` as `as` sees them, newest first. */
export async function channelMessages(h: Harness, w: TestWorld, as = w.owner.id): Promise<Message[]> {
  return ok(
    await h.dev<Message[]>("GET", `/dev/v1/channels/${w.general.id}/messages?limit=100`, undefined, { as }),
  );
}
