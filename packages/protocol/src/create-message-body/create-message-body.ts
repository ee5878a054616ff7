import * as v from "valibot";
import { AllowedMentionsSchema } from "../allowed-mentions/allowed-mentions.js";
import { LIMITS } from "../constants/limits.js";
import { EmbedListSchema } from "../embed/embed-list.js";
import { obj, str } from "../shared/fields.js";
import { SnowflakeSchema } from "../snowflake/snowflake.js";
import { EMPTY_MESSAGE, isMessageEmpty, MessageContentSchema } from "./message-content.js";

const NONCE = new RegExp(`^[A-Za-z0-9-]{${LIMITS.nonceMin},${LIMITS.nonceMax}}$`);

/** A message nonce: 16 to 64 letters, digits or `-`. */
export const NonceSchema = v.pipe(
  str(),
  v.regex(NONCE, `must be ${LIMITS.nonceMin} to ${LIMITS.nonceMax} letters, digits or -`),
);

/**
 * The body of `POST /v1/channels/{id}/messages`: `content` (up to 2,000), `reply_to`, `nonce`,
 * `embeds` (up to 10, 6,000 embed characters in total) and `allowed_mentions`. Content, at least one
 * embed, or both are required; an empty message is reported at `content`. Other keys are dropped.
 */
export const CreateMessageBodySchema = v.pipe(
  obj({
    content: v.optional(MessageContentSchema),
    reply_to: v.optional(SnowflakeSchema),
    nonce: v.optional(NonceSchema),
    embeds: v.optional(EmbedListSchema),
    allowed_mentions: v.optional(AllowedMentionsSchema),
  }),
  v.forward(
    v.partialCheck([["content"], ["embeds"]], (body) => !isMessageEmpty(body), EMPTY_MESSAGE),
    ["content"],
  ),
);

/** A create-message body. */
export type CreateMessageBody = v.InferOutput<typeof CreateMessageBodySchema>;
