import type * as v from "valibot";
import { obj, str } from "../shared/fields.js";
import { SnowflakeSchema } from "../snowflake/snowflake.js";

/** The `interaction` of a message that answers a slash command. */
export const MessageInteractionSchema = obj({
  id: SnowflakeSchema,
  /** The command's name. */
  name: str(),
  /** The person who used the command. */
  user_id: SnowflakeSchema,
});

/** The `interaction` field of a message. */
export type MessageInteraction = v.InferOutput<typeof MessageInteractionSchema>;
