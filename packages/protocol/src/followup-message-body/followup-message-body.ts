import * as v from "valibot";
import { AllowedMentionsSchema } from "../allowed-mentions/allowed-mentions.js";
import {
  EMPTY_MESSAGE,
  isMessageEmpty,
  MessageContentSchema,
} from "../create-message-body/message-content.js";
import { EmbedListSchema } from "../embed/embed-list.js";
import { obj, uint } from "../shared/fields.js";

/**
 * The body of `POST /v1/interactions/{id}/followups`: `content` (up to 2,000), `embeds` (up to 10,
 * 6,000 embed characters in total), `allowed_mentions`, and `flags` (64 makes it ephemeral). Content
 * or at least one embed is required (reported at `content`). Other keys are dropped.
 */
export const FollowupMessageBodySchema = v.pipe(
  obj({
    content: v.optional(MessageContentSchema),
    flags: v.optional(uint()),
    embeds: v.optional(EmbedListSchema),
    allowed_mentions: v.optional(AllowedMentionsSchema),
  }),
  v.forward(
    v.partialCheck([["content"], ["embeds"]], (body) => !isMessageEmpty(body), EMPTY_MESSAGE),
    ["content"],
  ),
);

/** A followup message body. */
export type FollowupMessageBody = v.InferOutput<typeof FollowupMessageBodySchema>;
