import * as v from "valibot";
import { arr, isoTimestamp, nullableStr, str } from "../shared/fields.js";
import { expected, objectMessage } from "../shared/messages.js";
import { SnowflakeSchema } from "../snowflake/snowflake.js";
import { WebhookEmbedSchema } from "../webhook-embed/webhook-embed.js";

/** The author of a webhook post: the webhook's id, the shown name, and `bot: true`. */
export const WebhookAuthorSchema = v.strictObject(
  {
    id: SnowflakeSchema,
    username: str(),
    name: str(),
    avatar_id: nullableStr(),
    bot: v.literal(true, expected("true")),
  },
  objectMessage,
);

/** The author of a webhook post. */
export type WebhookAuthor = v.InferOutput<typeof WebhookAuthorSchema>;

/**
 * The answer of a webhook execution with `wait=true`: exactly the eight keys of the interface
 * (any other key is an error); `timestamp` is ISO 8601.
 */
export const WebhookPostResultSchema = v.strictObject(
  {
    id: SnowflakeSchema,
    channel_id: SnowflakeSchema,
    guild_id: SnowflakeSchema,
    content: str(),
    author: WebhookAuthorSchema,
    embeds: arr(WebhookEmbedSchema),
    timestamp: isoTimestamp(),
    webhook_id: SnowflakeSchema,
  },
  objectMessage,
);

/** A webhook post result. */
export type WebhookPostResult = v.InferOutput<typeof WebhookPostResultSchema>;
