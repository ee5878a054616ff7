import * as v from "valibot";
import { AllowedMentionsSchema } from "../allowed-mentions/allowed-mentions.js";
import { LIMITS } from "../constants/limits.js";
import { LinkCardSchema } from "../link-card/link-card.js";
import { list, maxText, obj, rangedText, str } from "../shared/fields.js";
import { WebhookEmbedListSchema } from "../webhook-embed/webhook-embed.js";

/** The longest `username` a webhook post may show. */
export const WEBHOOK_USERNAME_MAX = 80;

/**
 * The body of `POST /api/webhooks/{id}/{secret}`: `content` (up to 2,000), `username` (1 to 80),
 * `avatar_url` (accepted, not displayed), `embeds` (up to 10, 6,000 embed characters in total),
 * `cards` (up to 5) and `allowed_mentions`. Ignored keys (`tts`, `flags`, `thread_id`, `thread_name`,
 * `components`, `poll`, `applied_tags`) are dropped. An empty post is not a schema error: the server
 * answers it with `50006` (see {@link isWebhookBodyEmpty}).
 */
export const WebhookExecuteBodySchema = obj({
  content: v.optional(maxText(LIMITS.webhookContent)),
  username: v.optional(rangedText(1, WEBHOOK_USERNAME_MAX)),
  avatar_url: v.optional(str()),
  embeds: v.optional(WebhookEmbedListSchema),
  cards: v.optional(list(LinkCardSchema, LIMITS.webhookCards, "cards")),
  allowed_mentions: v.optional(AllowedMentionsSchema),
});

/** A webhook execute body. */
export type WebhookExecuteBody = v.InferOutput<typeof WebhookExecuteBodySchema>;

/** Whether a webhook post has nothing to show: no content, no embed and no card (`50006`). */
export function isWebhookBodyEmpty(body: WebhookExecuteBody): boolean {
  return (body.content ?? "") === "" && (body.embeds?.length ?? 0) === 0 && (body.cards?.length ?? 0) === 0;
}
