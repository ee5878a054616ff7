import type * as v from "valibot";
import { arr, bool, obj } from "../shared/fields.js";
import { SnowflakeSchema } from "../snowflake/snowflake.js";
import { UserSchema } from "../user/user.js";

/** Who a message mentions: users, role ids, and whether it mentions everyone. */
export const MessageMentionsSchema = obj({
  users: arr(UserSchema),
  roles: arr(SnowflakeSchema),
  everyone: bool(),
});

/** The `mentions` of a message. */
export type MessageMentions = v.InferOutput<typeof MessageMentionsSchema>;
