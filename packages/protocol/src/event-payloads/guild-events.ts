import type * as v from "valibot";
import { EmojiSchema } from "../emoji/emoji.js";
import { RoleSchema } from "../role/role.js";
import { arr, obj } from "../shared/fields.js";
import { SnowflakeSchema } from "../snowflake/snowflake.js";

/** `GUILD_DELETE`: the app was removed from the server (uninstalled, kicked, banned, or deleted). */
export const GuildDeletePayloadSchema = obj({ id: SnowflakeSchema });

/** The `GUILD_DELETE` payload. */
export type GuildDeletePayload = v.InferOutput<typeof GuildDeletePayloadSchema>;

/** `GUILD_ROLE_CREATE` and `GUILD_ROLE_UPDATE`: the server and the role. */
export const GuildRolePayloadSchema = obj({ guild_id: SnowflakeSchema, role: RoleSchema });

/** The payload of a role create or update. */
export type GuildRolePayload = v.InferOutput<typeof GuildRolePayloadSchema>;

/** `GUILD_ROLE_DELETE`: the server and the deleted role's id. */
export const GuildRoleDeletePayloadSchema = obj({ guild_id: SnowflakeSchema, role_id: SnowflakeSchema });

/** The `GUILD_ROLE_DELETE` payload. */
export type GuildRoleDeletePayload = v.InferOutput<typeof GuildRoleDeletePayloadSchema>;

/** `CHANNEL_DELETE`: a channel was deleted or became invisible to the bot. */
export const ChannelDeletePayloadSchema = obj({ id: SnowflakeSchema, guild_id: SnowflakeSchema });

/** The `CHANNEL_DELETE` payload. */
export type ChannelDeletePayload = v.InferOutput<typeof ChannelDeletePayloadSchema>;

/** `GUILD_EMOJIS_UPDATE`: the server's whole custom emoji list. */
export const GuildEmojisUpdatePayloadSchema = obj({ guild_id: SnowflakeSchema, emojis: arr(EmojiSchema) });

/** The `GUILD_EMOJIS_UPDATE` payload. */
export type GuildEmojisUpdatePayload = v.InferOutput<typeof GuildEmojisUpdatePayloadSchema>;
