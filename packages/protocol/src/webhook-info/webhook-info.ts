import type * as v from "valibot";
import { nullableStr, obj, str } from "../shared/fields.js";
import { SnowflakeSchema } from "../snowflake/snowflake.js";

/** The answer of `GET /api/webhooks/{id}/{secret}`: never the secret or the maker. */
export const WebhookInfoSchema = obj({
  id: SnowflakeSchema,
  name: str(),
  channel_id: SnowflakeSchema,
  guild_id: SnowflakeSchema,
  avatar_id: nullableStr(),
});

/** A webhook's public info. */
export type WebhookInfo = v.InferOutput<typeof WebhookInfoSchema>;
