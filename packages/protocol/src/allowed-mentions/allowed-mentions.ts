import * as v from "valibot";
import { LIMITS } from "../constants/limits.js";
import { arr, list, obj } from "../shared/fields.js";
import { SnowflakeSchema } from "../snowflake/snowflake.js";

/** The mention kinds `allowed_mentions.parse` may name. */
export const ALLOWED_MENTION_TYPES = ["users", "roles", "everyone"] as const;

/** A mention kind of `allowed_mentions.parse`. */
export type AllowedMentionType = (typeof ALLOWED_MENTION_TYPES)[number];

/**
 * Limits which mentions of a message notify: `parse` (`users`, `roles`, `everyone`), and up to 100
 * user ids and 100 role ids. Unknown keys (such as `replied_user`) are dropped.
 */
export const AllowedMentionsSchema = obj({
  parse: v.optional(arr(v.picklist(ALLOWED_MENTION_TYPES, "must be users, roles or everyone"))),
  users: v.optional(list(SnowflakeSchema, LIMITS.allowedMentionsIds, "user ids")),
  roles: v.optional(list(SnowflakeSchema, LIMITS.allowedMentionsIds, "role ids")),
});

/** An `allowed_mentions` object. */
export type AllowedMentions = v.InferOutput<typeof AllowedMentionsSchema>;
