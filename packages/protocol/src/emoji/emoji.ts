import type * as v from "valibot";
import { bool, obj, str } from "../shared/fields.js";
import { SnowflakeSchema } from "../snowflake/snowflake.js";

/** A custom emoji entry, as in `GUILD_CREATE` and `GUILD_EMOJIS_UPDATE`. */
export const EmojiSchema = obj({
  id: SnowflakeSchema,
  name: str(),
  animated: bool(),
  available: bool(),
  image_id: str(),
});

/** A custom emoji entry. */
export type Emoji = v.InferOutput<typeof EmojiSchema>;
