import type * as v from "valibot";
import { bool, nullableStr, obj, str } from "../shared/fields.js";
import { SnowflakeSchema } from "../snowflake/snowflake.js";

/** A user: a person, or a bot account whose `username` is `app_<application_id>`. */
export const UserSchema = obj({
  id: SnowflakeSchema,
  username: str(),
  /** Display name. */
  name: str(),
  avatar_id: nullableStr(),
  bot: bool(),
});

/** A user object. */
export type User = v.InferOutput<typeof UserSchema>;
