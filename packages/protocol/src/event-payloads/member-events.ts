import type * as v from "valibot";
import { MemberSchema } from "../member/member.js";
import { obj } from "../shared/fields.js";
import { SnowflakeSchema } from "../snowflake/snowflake.js";
import { UserSchema } from "../user/user.js";

/**
 * `GUILD_MEMBER_ADD` and `GUILD_MEMBER_UPDATE`: a member object with `guild_id`
 * (`communication_disabled_until` only with moderation access).
 */
export const GuildMemberPayloadSchema = obj({ ...MemberSchema.entries, guild_id: SnowflakeSchema });

/** The payload of a member add or update. */
export type GuildMemberPayload = v.InferOutput<typeof GuildMemberPayloadSchema>;

/** `GUILD_MEMBER_REMOVE`: the server and the user who left (or was kicked, banned or pruned). */
export const GuildMemberRemovePayloadSchema = obj({ guild_id: SnowflakeSchema, user: UserSchema });

/** The `GUILD_MEMBER_REMOVE` payload. */
export type GuildMemberRemovePayload = v.InferOutput<typeof GuildMemberRemovePayloadSchema>;

/** `GUILD_BAN_ADD` and `GUILD_BAN_REMOVE`: the server and the user. */
export const GuildBanPayloadSchema = obj({ guild_id: SnowflakeSchema, user: UserSchema });

/** The payload of a ban add or remove. */
export type GuildBanPayload = v.InferOutput<typeof GuildBanPayloadSchema>;
