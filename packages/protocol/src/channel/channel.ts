import * as v from "valibot";
import { PermissionNameSchema } from "../names/names.js";
import { arr, int, nullableStr, obj, str, uint } from "../shared/fields.js";
import { SnowflakeSchema } from "../snowflake/snowflake.js";

/** Channel kinds (docs/decisions.md#shapes-left-open). */
export const CHANNEL_KINDS = ["text", "voice", "announcement"] as const;

/** A channel kind: a string, not a number. */
export type ChannelKind = (typeof CHANNEL_KINDS)[number];

/** A channel kind. */
export const ChannelKindSchema = v.picklist(CHANNEL_KINDS, `must be one of ${CHANNEL_KINDS.join(", ")}`);

/** A channel; `permissions` is what the bot may do in it. */
export const ChannelSchema = obj({
  id: SnowflakeSchema,
  guild_id: SnowflakeSchema,
  name: str(),
  kind: ChannelKindSchema,
  topic: nullableStr(),
  position: int(),
  category_id: v.nullable(SnowflakeSchema),
  slowmode_seconds: uint(),
  permissions: arr(PermissionNameSchema),
});

/** A channel object. */
export type Channel = v.InferOutput<typeof ChannelSchema>;
