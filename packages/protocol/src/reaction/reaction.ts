import type * as v from "valibot";
import { ReactionEmojiSchema } from "../reaction-emoji/reaction-emoji.js";
import { bool, obj, uint } from "../shared/fields.js";

/** A reaction entry of a message; `me` tells whether the bot reacted. */
export const ReactionSchema = obj({
  emoji: ReactionEmojiSchema,
  count: uint(),
  me: bool(),
});

/** A reaction entry. */
export type Reaction = v.InferOutput<typeof ReactionSchema>;
