import * as v from "valibot";
import { PermissionNameSchema } from "../names/names.js";
import { arr, nullableStr, obj, uint } from "../shared/fields.js";
import { expected } from "../shared/messages.js";
import { SnowflakeSchema } from "../snowflake/snowflake.js";
import { UserSchema } from "../user/user.js";
import { InteractionDataSchema } from "./interaction-data.js";

/** The person who used the command, as a member: `permissions` in this channel. */
export const InteractionMemberSchema = obj({
  nickname: nullableStr(),
  roles: arr(SnowflakeSchema),
  permissions: arr(PermissionNameSchema),
});

/** The `member` of an interaction. */
export type InteractionMember = v.InferOutput<typeof InteractionMemberSchema>;

/**
 * A slash command use, delivered as `INTERACTION_CREATE` (`type: 2`). `app_permissions` is what the
 * bot may do in the interaction's channel; `created_at` is Unix ms.
 */
export const InteractionSchema = obj({
  id: SnowflakeSchema,
  application_id: SnowflakeSchema,
  type: v.literal(2, expected("2")),
  guild_id: SnowflakeSchema,
  channel_id: SnowflakeSchema,
  user: UserSchema,
  member: InteractionMemberSchema,
  data: InteractionDataSchema,
  app_permissions: arr(PermissionNameSchema),
  created_at: uint(),
});

/** An interaction object. */
export type Interaction = v.InferOutput<typeof InteractionSchema>;
