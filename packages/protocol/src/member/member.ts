import * as v from "valibot";
import { arr, nullableStr, obj, uint } from "../shared/fields.js";
import { SnowflakeSchema } from "../snowflake/snowflake.js";
import { UserSchema } from "../user/user.js";

/**
 * A member of a server. `communication_disabled_until` (end of a timeout, Unix ms, or null) appears
 * only in member events sent with moderation access.
 */
export const MemberSchema = obj({
  user: UserSchema,
  nickname: nullableStr(),
  joined_at: uint(),
  roles: arr(SnowflakeSchema),
  communication_disabled_until: v.optional(v.nullable(uint())),
});

/** A member object. */
export type Member = v.InferOutput<typeof MemberSchema>;
