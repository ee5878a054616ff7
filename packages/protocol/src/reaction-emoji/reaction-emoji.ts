import * as v from "valibot";
import { obj, str } from "../shared/fields.js";
import { SnowflakeSchema } from "../snowflake/snowflake.js";

/**
 * The emoji of a reaction: a Unicode emoji has `id` null and the character as `name`; a custom one
 * has its id and name (docs/decisions.md#shapes-left-open).
 */
export const ReactionEmojiSchema = obj({
  id: v.nullable(SnowflakeSchema),
  name: str(),
});

/** The emoji of a reaction entry or event. */
export type ReactionEmoji = v.InferOutput<typeof ReactionEmojiSchema>;

/**
 * The `{emoji}` path segment of the reaction routes, before URL encoding: the character of a Unicode
 * emoji, or `name:id` for a custom one.
 */
export function reactionEmojiRoute(emoji: ReactionEmoji): string {
  return emoji.id === null ? emoji.name : `${emoji.name}:${emoji.id}`;
}
