import type * as v from "valibot";
import { nullableStr, obj, str } from "../shared/fields.js";
import { SnowflakeSchema } from "../snowflake/snowflake.js";

/** An entry of `GET /v1/users/@me/guilds`: a server the app is installed in. */
export const GuildListEntrySchema = obj({
  id: SnowflakeSchema,
  name: str(),
  icon_id: nullableStr(),
});

/** A bot server list entry. */
export type GuildListEntry = v.InferOutput<typeof GuildListEntrySchema>;
