import {
  AllowedMentionsSchema,
  CHANNEL_KINDS,
  EmbedListSchema,
  IntentSchema,
  MessageContentSchema,
  objectMessage,
  PermissionNameSchema,
  REVIEW_STATES,
  ScopeSchema,
  SnowflakeSchema,
} from "@chatbot/protocol";
import * as v from "valibot";

/**
 * Bodies of the dev API. They are strict: a key the route does not know is an error naming it, so a
 * typo never passes silently (the dispatcher refuses unknown keys nested in shared parts, such as
 * an embed, too).
 */

const text = (min: number, max: number) =>
  v.pipe(
    v.string("expected a string"),
    v.minLength(min, `at least ${min} character${min === 1 ? "" : "s"}`),
    v.maxLength(max, `at most ${max} characters`),
  );
const bool = () => v.boolean("expected a boolean");
const int = (min: number, max: number) =>
  v.pipe(
    v.number("expected a number"),
    v.integer("expected an integer"),
    v.minValue(min, `must be ${min} to ${max}`),
    v.maxValue(max, `must be ${min} to ${max}`),
  );
const strict = <E extends v.ObjectEntries>(entries: E) => v.strictObject(entries, objectMessage);
const array = <S extends v.GenericSchema>(item: S, max: number, noun: string) =>
  v.pipe(v.array(item, "expected an array"), v.maxLength(max, `at most ${max} ${noun}`));
const color = () =>
  v.nullable(v.pipe(v.string("expected a string"), v.regex(/^#[0-9a-fA-F]{6}$/, "must be a #rrggbb color")));

/** `POST /dev/v1/users`. */
export const CreateUserBodySchema = strict({
  username: v.pipe(text(2, 32), v.regex(/^[a-z0-9_.]+$/, "must be lowercase letters, digits, _ or .")),
  name: v.optional(text(1, 80)),
});

/** `POST /dev/v1/apps`. */
export const CreateAppBodySchema = strict({
  name: text(1, 80),
  description: v.optional(text(0, 400)),
  owner_id: v.optional(SnowflakeSchema),
  privileged_intents: v.optional(array(IntentSchema, 10, "intents")),
});

/** `PATCH /dev/v1/apps/{id}`. */
export const PatchAppBodySchema = strict({
  enabled: v.optional(bool()),
  privileged_intents: v.optional(array(IntentSchema, 10, "intents")),
  review_state: v.optional(v.picklist(REVIEW_STATES, `must be one of ${REVIEW_STATES.join(", ")}`)),
  name: v.optional(text(1, 80)),
  description: v.optional(text(0, 400)),
});

/** `POST /dev/v1/guilds`. */
export const CreateGuildBodySchema = strict({
  name: text(1, 100),
  owner_id: SnowflakeSchema,
  description: v.optional(v.nullable(text(0, 300))),
});

/** `PATCH /dev/v1/guilds/{id}`. */
export const PatchGuildBodySchema = strict({
  name: v.optional(text(1, 100)),
  description: v.optional(v.nullable(text(0, 300))),
});

/** `POST /dev/v1/guilds/{id}/members`. */
export const JoinBodySchema = strict({ user_id: SnowflakeSchema });

/** `DELETE /dev/v1/guilds/{id}/members/{user_id}`. */
export const RemoveMemberBodySchema = strict({
  action: v.picklist(["leave", "kick", "ban"], "must be leave, kick or ban"),
  reason: v.optional(text(0, 512)),
});

/** `PATCH /dev/v1/guilds/{id}/members/{user_id}`. */
export const PatchMemberBodySchema = strict({
  nickname: v.optional(v.nullable(text(1, 32))),
  roles: v.optional(array(SnowflakeSchema, 250, "roles")),
  communication_disabled_until: v.optional(v.nullable(int(0, Number.MAX_SAFE_INTEGER))),
});

const roleFields = {
  name: text(1, 100),
  permissions: array(PermissionNameSchema, 64, "permissions"),
  color: v.optional(color()),
  hoist: v.optional(bool()),
  mentionable: v.optional(bool()),
  position: v.optional(int(1, 10_000)),
};

/** `POST /dev/v1/guilds/{id}/roles`. */
export const CreateRoleBodySchema = strict(roleFields);

/** `PATCH /dev/v1/guilds/{id}/roles/{role_id}`. */
export const PatchRoleBodySchema = strict({
  ...roleFields,
  name: v.optional(roleFields.name),
  permissions: v.optional(roleFields.permissions),
  position: v.optional(int(0, 10_000)),
});

/** `PATCH /dev/v1/guilds/{id}/roles`: `[{ id, position }]`. */
export const ReorderRolesBodySchema = array(
  strict({ id: SnowflakeSchema, position: int(1, 10_000) }),
  250,
  "roles",
);

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

/** `POST /dev/v1/guilds/{id}/emojis` and its PATCH. */
export const EmojiBodySchema = strict({
  name: v.pipe(
    v.string("expected a string"),
    v.regex(/^[A-Za-z0-9_]{2,32}$/, "must be 2 to 32 letters, digits or _"),
  ),
});

/** `POST /dev/v1/guilds/{id}/installs`. */
export const InstallBodySchema = strict({
  application_id: SnowflakeSchema,
  scopes: array(ScopeSchema, 16, "scopes"),
  intents: v.optional(array(IntentSchema, 16, "intents")),
  permissions: array(PermissionNameSchema, 64, "permissions"),
});

/** `PATCH /dev/v1/guilds/{id}/installs/{app_id}`: what changes (at least one). */
export const InstallPatchSchema = v.pipe(
  strict({
    scopes: v.optional(array(ScopeSchema, 16, "scopes")),
    intents: v.optional(array(IntentSchema, 16, "intents")),
    permissions: v.optional(array(PermissionNameSchema, 64, "permissions")),
  }),
  v.check(
    (body) => body.scopes !== undefined || body.intents !== undefined || body.permissions !== undefined,
    "give at least one of scopes, intents and permissions",
  ),
);

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

/** `POST /dev/v1/clock`. */
export const AdvanceClockBodySchema = strict({ advance_ms: int(0, 10 * 365 * 24 * 3_600_000) });
