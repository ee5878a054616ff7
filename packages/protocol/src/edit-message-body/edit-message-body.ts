import * as v from "valibot";
import { AllowedMentionsSchema } from "../allowed-mentions/allowed-mentions.js";
import { EMPTY_MESSAGE, MessageContentSchema } from "../create-message-body/message-content.js";
import { EmbedListSchema } from "../embed/embed-list.js";
import { obj } from "../shared/fields.js";
import { SnowflakeSchema } from "../snowflake/snowflake.js";

/**
 * The body of `PATCH /v1/channels/{id}/messages/{id}` and of the interaction's `@original` edit: the
 * create-message fields, all optional, without `nonce`. Giving both `content: ""` and `embeds: []`
 * is an error at `content`; whether the edited message as a whole stays non-empty is checked by the
 * server against the stored message (see `isMessageEmpty`).
 */
export const EditMessageBodySchema = v.pipe(
  obj({
    content: v.optional(MessageContentSchema),
    reply_to: v.optional(SnowflakeSchema),
    embeds: v.optional(EmbedListSchema),
    allowed_mentions: v.optional(AllowedMentionsSchema),
  }),
  v.forward(
    v.partialCheck(
      [["content"], ["embeds"]],
      (body) => !(body.content === "" && body.embeds !== undefined && body.embeds.length === 0),
      EMPTY_MESSAGE,
    ),
    ["content"],
  ),
);

/** An edit-message body. */
export type EditMessageBody = v.InferOutput<typeof EditMessageBodySchema>;
