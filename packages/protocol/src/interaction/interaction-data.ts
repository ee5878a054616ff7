import * as v from "valibot";
import { ChannelKindSchema } from "../channel/channel.js";
import { PermissionNameSchema } from "../names/names.js";
import { RoleSchema } from "../role/role.js";
import { arr, bool, int, nullableStr, obj, str, uint } from "../shared/fields.js";
import { expected } from "../shared/messages.js";
import { SnowflakeSchema } from "../snowflake/snowflake.js";
import { UserSchema } from "../user/user.js";

const optionValue = <const T extends number, const S extends v.GenericSchema>(type: T, value: S) =>
  obj({ name: str(), type: v.literal(type, expected(String(type))), value });

/**
 * An option value the person gave: 3 string, 4 integer, 5 boolean, 6 user, 7 channel and 8 role (the
 * id as a string), 10 number.
 */
export const InteractionDataOptionSchema = v.variant(
  "type",
  [
    optionValue(3, str()),
    optionValue(4, int()),
    optionValue(5, bool()),
    optionValue(6, SnowflakeSchema),
    optionValue(7, SnowflakeSchema),
    optionValue(8, SnowflakeSchema),
    optionValue(10, v.number(expected("a number"))),
  ],
  (issue) => (issue.path ? "must be an option type: 3, 4, 5, 6, 7, 8 or 10" : expected("an object")(issue)),
);

/** An option entry of `data.options`. */
export type InteractionDataOption = v.InferOutput<typeof InteractionDataOptionSchema>;

/** A member in `resolved.members`. */
export const ResolvedMemberSchema = obj({
  nickname: nullableStr(),
  roles: arr(SnowflakeSchema),
  joined_at: uint(),
  permissions: arr(PermissionNameSchema),
});

/** A channel in `resolved.channels`. */
export const ResolvedChannelSchema = obj({
  id: SnowflakeSchema,
  name: str(),
  kind: ChannelKindSchema,
  permissions: arr(PermissionNameSchema),
});

const byId = <const S extends v.GenericSchema>(value: S) =>
  v.optional(v.record(SnowflakeSchema, value, expected("an object of entries by id")));

/**
 * The objects the options name, by id (docs/decisions.md#shapes-left-open); a map without entries
 * may be left out.
 */
export const InteractionResolvedSchema = obj({
  users: byId(UserSchema),
  members: byId(ResolvedMemberSchema),
  roles: byId(RoleSchema),
  channels: byId(ResolvedChannelSchema),
});

/** The `resolved` maps of an interaction. */
export type InteractionResolved = v.InferOutput<typeof InteractionResolvedSchema>;

/** `data` of a command interaction: the command's id and name, `type: 1`, options and resolved. */
export const InteractionDataSchema = obj({
  id: SnowflakeSchema,
  name: str(),
  type: v.literal(1, expected("1")),
  options: v.optional(arr(InteractionDataOptionSchema)),
  resolved: v.optional(InteractionResolvedSchema),
});

/** The `data` of an interaction. */
export type InteractionData = v.InferOutput<typeof InteractionDataSchema>;
