import type * as v from "valibot";
import { ReactionEmojiSchema } from "../reaction-emoji/reaction-emoji.js";
import { arr, obj } from "../shared/fields.js";
import { SnowflakeSchema } from "../snowflake/snowflake.js";

/** `MESSAGE_DELETE`: the deleted message's id, channel and server. */
export const MessageDeletePayloadSchema = obj({
  id: SnowflakeSchema,
  channel_id: SnowflakeSchema,
  guild_id: SnowflakeSchema,
});

/** The `MESSAGE_DELETE` payload. */
export type MessageDeletePayload = v.InferOutput<typeof MessageDeletePayloadSchema>;

/** `MESSAGE_DELETE_BULK`: ids only of the messages the bot could see. */
export const MessageDeleteBulkPayloadSchema = obj({
  ids: arr(SnowflakeSchema),
  channel_id: SnowflakeSchema,
  guild_id: SnowflakeSchema,
});

/** The `MESSAGE_DELETE_BULK` payload. */
export type MessageDeleteBulkPayload = v.InferOutput<typeof MessageDeleteBulkPayloadSchema>;

/** `MESSAGE_REACTION_ADD` and `MESSAGE_REACTION_REMOVE`: who reacted with which emoji, where. */
export const MessageReactionPayloadSchema = obj({
  channel_id: SnowflakeSchema,
  guild_id: SnowflakeSchema,
  message_id: SnowflakeSchema,
  user_id: SnowflakeSchema,
  emoji: ReactionEmojiSchema,
});

/** The payload of a reaction add or remove. */
export type MessageReactionPayload = v.InferOutput<typeof MessageReactionPayloadSchema>;
