import * as v from "valibot";
import { AllowedMentionsSchema } from "../../allowed-mentions/allowed-mentions.js";
import { CHANNEL_KINDS } from "../../channel/channel.js";
import { MessageContentSchema } from "../../create-message-body/message-content.js";
import { EmbedListSchema } from "../../embed/embed-list.js";
import { PermissionNameSchema } from "../../names/names.js";
import { SnowflakeSchema } from "../../snowflake/snowflake.js";
import { array, bool, int, strict, text } from "../fields.js";

const OverwriteSchema = strict({
  id: SnowflakeSchema,
  type: v.picklist(["role", "member"], "must be role or member"),
  allow: v.optional(array(PermissionNameSchema, 64, "permissions"), []),
  deny: v.optional(array(PermissionNameSchema, 64, "permissions"), []),
});

const channelFields = {
  name: text(1, 100),
  kind: v.picklist(CHANNEL_KINDS, `must be one of ${CHANNEL_KINDS.join(", ")}`),
  topic: v.optional(v.nullable(text(0, 1024))),
  position: v.optional(int(0, 10_000)),
  category_id: v.optional(v.nullable(SnowflakeSchema)),
  slowmode_seconds: v.optional(int(0, 21_600)),
  overwrites: v.optional(array(OverwriteSchema, 100, "overwrites")),
};

/** `POST /dev/v1/guilds/{id}/channels`. */
export const CreateChannelBodySchema = strict(channelFields);

/** `PATCH /dev/v1/channels/{id}`. */
export const PatchChannelBodySchema = strict({
  ...channelFields,
  name: v.optional(channelFields.name),
  kind: v.optional(channelFields.kind),
});

/** `POST /dev/v1/guilds/{id}/categories`. */
export const CreateCategoryBodySchema = strict({ name: text(1, 100), position: v.optional(int(0, 10_000)) });

/** `POST /dev/v1/channels/{id}/messages`: what a person posts. */
export const DevMessageBodySchema = strict({
  content: v.optional(MessageContentSchema),
  reply_to: v.optional(SnowflakeSchema),
  embeds: v.optional(EmbedListSchema),
  allowed_mentions: v.optional(AllowedMentionsSchema),
  attachments: v.optional(
    array(
      strict({
        filename: text(1, 255),
        size: int(0, 500 * 1024 * 1024),
        content_type: v.optional(v.nullable(text(1, 255))),
        url: v.optional(v.pipe(v.string("expected a string"), v.url("must be a URL"))),
      }),
      10,
      "attachments",
    ),
  ),
  poll: v.optional(
    strict({
      question: strict({ text: text(1, 300) }),
      answers: v.pipe(
        array(strict({ text: text(1, 55) }), 10, "answers"),
        v.minLength(1, "at least 1 answer"),
      ),
      duration_hours: v.optional(int(1, 768)),
      allow_multiselect: v.optional(bool()),
    }),
  ),
});

/** `PATCH /dev/v1/channels/{id}/messages/{id}`. */
export const DevEditMessageBodySchema = strict({
  content: v.optional(MessageContentSchema),
  embeds: v.optional(EmbedListSchema),
  allowed_mentions: v.optional(AllowedMentionsSchema),
});

/** `POST /dev/v1/channels/{id}/messages/bulk-delete`. */
export const BulkDeleteBodySchema = strict({
  ids: v.pipe(array(SnowflakeSchema, 100, "ids"), v.minLength(1, "at least 1 id")),
});

/** `POST /dev/v1/channels/{id}/webhooks`: `{ name }` (1 to 80 characters). */
export const CreateWebhookBodySchema = strict({ name: text(1, 80) });

/** `POST /dev/v1/channels/{id}/interactions`: `{ name, options?: [{ name, value }], application_id? }`. */
export const UseCommandBodySchema = strict({
  name: text(1, 32),
  options: v.optional(
    array(
      v.strictObject(
        { name: v.string("expected a string"), value: v.unknown() },
        "expected an object { name, value }",
      ),
      25,
      "options",
    ),
  ),
  application_id: v.optional(SnowflakeSchema),
});
