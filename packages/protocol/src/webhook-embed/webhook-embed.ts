import * as v from "valibot";
import { LIMITS } from "../constants/limits.js";
import { EmbedColorNumberSchema } from "../embed/embed.js";
import { embedBaseEntries } from "../embed/embed-field.js";
import { embedList } from "../embed/embed-list.js";
import { httpUrl, maxText, obj } from "../shared/fields.js";

/**
 * An embed of a webhook post: the bot embed's keys, with `color` a number and `author.url` allowed.
 * `author.icon_url`, `footer.icon_url`, image, thumbnail, video and provider are accepted and dropped.
 */
export const WebhookEmbedSchema = obj({
  ...embedBaseEntries,
  color: v.optional(EmbedColorNumberSchema),
  author: v.optional(obj({ name: maxText(LIMITS.embedAuthorName), url: v.optional(httpUrl()) })),
});

/** A webhook embed. */
export type WebhookEmbed = v.InferOutput<typeof WebhookEmbedSchema>;

/** The `embeds` of a webhook post: up to 10, 6,000 embed characters in total. */
export const WebhookEmbedListSchema = embedList(WebhookEmbedSchema, LIMITS.webhookEmbeds);
