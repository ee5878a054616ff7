import * as v from "valibot";
import { AttachmentSchema } from "../attachment/attachment.js";
import { EmbedSchema } from "../embed/embed.js";
import { LinkCardSchema } from "../link-card/link-card.js";
import { MessageInteractionSchema } from "../message-interaction/message-interaction.js";
import { MessageMentionsSchema } from "../message-mentions/message-mentions.js";
import { PollSchema } from "../poll/poll.js";
import { ReactionSchema } from "../reaction/reaction.js";
import { arr, bool, obj, str, uint } from "../shared/fields.js";
import { expected } from "../shared/messages.js";
import { SnowflakeSchema } from "../snowflake/snowflake.js";
import { UserSchema } from "../user/user.js";
import { WebhookEmbedSchema } from "../webhook-embed/webhook-embed.js";

/** An embed as stored on a message: a bot embed, or a webhook embed (number color, `author.url`). */
export const MessageEmbedSchema = v.union([WebhookEmbedSchema, EmbedSchema], expected("an embed object"));

/** An embed of a message. */
export type MessageEmbed = v.InferOutput<typeof MessageEmbedSchema>;

/**
 * A message. `content` is empty when `content_available` is `false` (the app lacks
 * `message_content`); times are Unix milliseconds.
 */
export const MessageSchema = obj({
  id: SnowflakeSchema,
  channel_id: SnowflakeSchema,
  guild_id: SnowflakeSchema,
  author: UserSchema,
  content: str(),
  content_available: bool(),
  embeds: arr(MessageEmbedSchema),
  attachments: arr(AttachmentSchema),
  poll: v.nullable(PollSchema),
  mentions: MessageMentionsSchema,
  reactions: arr(ReactionSchema),
  /** Id of the replied-to message. */
  reply_to: v.nullable(SnowflakeSchema),
  interaction: v.nullable(MessageInteractionSchema),
  pinned: bool(),
  created_at: uint(),
  edited_at: v.nullable(uint()),
  /** Set on webhook posts: the webhook that posted it (the author is then the webhook). */
  webhook_id: v.optional(SnowflakeSchema),
  /** Link cards of a webhook post, when it has some. */
  cards: v.optional(arr(LinkCardSchema)),
  /** `64` on an ephemeral interaction answer (shown only to the person who used the command). */
  flags: v.optional(uint()),
});

/** A message object. */
export type Message = v.InferOutput<typeof MessageSchema>;
