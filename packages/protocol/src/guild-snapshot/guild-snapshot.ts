import * as v from "valibot";
import { CategorySchema } from "../category/category.js";
import { ChannelSchema } from "../channel/channel.js";
import { IntentSchema, PermissionNameSchema, ScopeSchema } from "../names/names.js";
import { RoleSchema } from "../role/role.js";
import { arr, nullableStr, obj, str } from "../shared/fields.js";
import { SnowflakeSchema } from "../snowflake/snowflake.js";

/** The bot's own roles and server permissions in a snapshot. */
export const GuildMeSchema = obj({
  roles: arr(SnowflakeSchema),
  permissions: arr(PermissionNameSchema),
});

/** `me` of a server snapshot. */
export type GuildMe = v.InferOutput<typeof GuildMeSchema>;

/** The entries of a server snapshot, shared with the `GUILD_CREATE` payload. */
export const guildSnapshotEntries = {
  id: SnowflakeSchema,
  name: str(),
  description: nullableStr(),
  icon_id: nullableStr(),
  owner_id: SnowflakeSchema,
  /** Only channels the bot can see. */
  channels: arr(ChannelSchema),
  /** Only categories that hold a channel the bot can see. */
  categories: arr(CategorySchema),
  roles: arr(RoleSchema),
  me: GuildMeSchema,
};

/**
 * A server snapshot. `GET /v1/guilds/{id}` adds this install's effective `scopes` and `intents`.
 */
export const GuildSnapshotSchema = obj({
  ...guildSnapshotEntries,
  scopes: v.optional(arr(ScopeSchema)),
  intents: v.optional(arr(IntentSchema)),
});

/** A server snapshot. */
export type GuildSnapshot = v.InferOutput<typeof GuildSnapshotSchema>;
