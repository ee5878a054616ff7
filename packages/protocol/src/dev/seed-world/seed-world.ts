import * as v from "valibot";
import { REVIEW_STATES } from "../../application/application.js";
import { CHANNEL_KINDS } from "../../channel/channel.js";
import { AUDIT_LOG_ACTION_NAMES } from "../../constants/audit-log.js";
import { MessageEmbedSchema } from "../../message/message.js";
import { IntentSchema, PermissionNameSchema, ScopeSchema } from "../../names/names.js";
import { objectMessage } from "../../shared/messages.js";
import { SnowflakeSchema } from "../../snowflake/snowflake.js";
import {
  SeedAutomodRuleSchema,
  SeedCommandSchema,
  SeedLinkCardSchema,
  SeedWebhookAuthorSchema,
  SeedWebhookSchema,
} from "./seed-world-parts.js";

const text = () => v.string("expected a string");
const nullableText = () => v.optional(v.nullable(text()), null);
const flag = (fallback: boolean) => v.optional(v.boolean("expected a boolean"), fallback);
const int = () => v.pipe(v.number("expected a number"), v.integer("expected an integer"));
const time = () => v.pipe(int(), v.minValue(0, "must be 0 or more"));
const list = <S extends v.GenericSchema>(item: S) => v.optional(v.array(item, "expected an array"), []);
const id = SnowflakeSchema;

const SeedUserSchema = v.object({
  id,
  username: v.pipe(text(), v.minLength(1, "at least 1 character"), v.maxLength(64, "at most 64 characters")),
  name: v.optional(text()),
  avatar_id: nullableText(),
  bot: flag(false),
});

const SeedAppSchema = v.pipe(
  v.object({
    id,
    name: text(),
    description: v.optional(text(), ""),
    owner_id: v.optional(v.nullable(id), null),
    /** Absent: a bot account `app_<id>` is made. */
    bot_user_id: v.optional(id),
    /** A fixed token (kept only as its SHA-256). */
    token: v.optional(v.pipe(text(), v.minLength(1, "at least 1 character"))),
    token_hash: v.optional(v.pipe(text(), v.regex(/^[0-9a-f]{64}$/, "must be a hex SHA-256"))),
    enabled: flag(true),
    privileged_intents: list(IntentSchema),
    review_state: v.optional(
      v.picklist(REVIEW_STATES, `must be one of ${REVIEW_STATES.join(", ")}`),
      "unreviewed",
    ),
  }),
  v.check((app) => app.token !== undefined || app.token_hash !== undefined, "needs token or token_hash"),
);

const SeedGuildSchema = v.object({
  id,
  name: text(),
  description: nullableText(),
  icon_id: nullableText(),
  owner_id: id,
  /** Absent: the guild's role with `default: true`, or a new everyone role. */
  everyone_role_id: v.optional(id),
  created_at: v.optional(time()),
});

const SeedRoleSchema = v.object({
  id,
  guild_id: id,
  name: text(),
  color: v.optional(
    v.nullable(v.pipe(text(), v.regex(/^#[0-9a-fA-F]{6}$/, "must be a #rrggbb color"))),
    null,
  ),
  position: v.optional(v.pipe(int(), v.minValue(0, "must be 0 or more")), 1),
  permissions: list(PermissionNameSchema),
  hoist: flag(false),
  mentionable: flag(false),
  managed: flag(false),
  application_id: v.optional(v.nullable(id), null),
  default: flag(false),
});

const SeedCategorySchema = v.object({ id, guild_id: id, name: text(), position: v.optional(int(), 0) });

const SeedOverwriteSchema = v.object({
  id,
  type: v.picklist(["role", "member"], "must be role or member"),
  allow: list(PermissionNameSchema),
  deny: list(PermissionNameSchema),
});

const SeedChannelSchema = v.object({
  id,
  guild_id: id,
  name: text(),
  kind: v.optional(v.picklist(CHANNEL_KINDS, `must be one of ${CHANNEL_KINDS.join(", ")}`), "text"),
  topic: nullableText(),
  position: v.optional(int(), 0),
  category_id: v.optional(v.nullable(id), null),
  slowmode_seconds: v.optional(v.pipe(int(), v.minValue(0, "must be 0 or more")), 0),
  overwrites: list(SeedOverwriteSchema),
});

const SeedMemberSchema = v.object({
  guild_id: id,
  user_id: id,
  nickname: nullableText(),
  joined_at: v.optional(time()),
  roles: list(id),
  communication_disabled_until: v.optional(v.nullable(time()), null),
});

const SeedInstallSchema = v.object({
  guild_id: id,
  application_id: id,
  scopes: v.array(ScopeSchema, "expected an array"),
  intents: v.optional(v.array(IntentSchema, "expected an array")),
  permissions: list(PermissionNameSchema),
  /** Absent: a managed role holding `permissions` is made. */
  role_id: v.optional(id),
  installed_by: v.optional(v.nullable(id), null),
  created_at: v.optional(time()),
});

const SeedEmojiRefSchema = v.object({ id: v.nullable(id), name: text() });

const SeedMessageSchema = v.object({
  id,
  channel_id: id,
  guild_id: v.optional(id),
  author_id: id,
  content: v.optional(v.pipe(text(), v.maxLength(2000, "at most 2000 characters")), ""),
  embeds: list(MessageEmbedSchema),
  attachments: list(
    v.object({
      id,
      filename: text(),
      size: time(),
      content_type: nullableText(),
      url: text(),
    }),
  ),
  poll: v.optional(
    v.nullable(
      v.object({
        question: v.object({ text: text() }),
        answers: v.array(v.object({ answer_id: int(), text: text(), votes: time() })),
        expires_at: v.nullable(time()),
        allow_multiselect: v.boolean("expected a boolean"),
      }),
    ),
    null,
  ),
  mentions: v.optional(v.object({ users: list(id), roles: list(id), everyone: flag(false) }), {
    users: [],
    roles: [],
    everyone: false,
  }),
  reactions: list(v.object({ emoji: SeedEmojiRefSchema, user_ids: v.array(id, "expected an array") })),
  reply_to: v.optional(v.nullable(id), null),
  interaction: v.optional(v.nullable(v.object({ id, name: text(), user_id: id })), null),
  pinned: flag(false),
  created_at: v.optional(time()),
  edited_at: v.optional(v.nullable(time()), null),
  nonce: nullableText(),
  nonce_digest: nullableText(),
  /** Set on webhook posts, whose `author_id` is the webhook. */
  webhook: v.optional(SeedWebhookAuthorSchema),
  cards: v.optional(v.array(SeedLinkCardSchema, "expected an array")),
});

const SeedBanSchema = v.object({
  guild_id: id,
  user_id: id,
  reason: nullableText(),
  created_at: v.optional(time()),
});

const SeedEmojiSchema = v.object({
  id,
  guild_id: id,
  name: v.pipe(text(), v.regex(/^[A-Za-z0-9_]{2,32}$/, "must be 2 to 32 letters, digits or _")),
  animated: flag(false),
  available: flag(true),
  image_id: nullableText(),
});

const SeedAuditSchema = v.object({
  id,
  guild_id: id,
  action: v.picklist(AUDIT_LOG_ACTION_NAMES, "must be an audit log action name"),
  action_type: v.optional(int()),
  user_id: v.optional(v.nullable(id), null),
  target_id: v.optional(v.nullable(id), null),
  reason: nullableText(),
  options: v.optional(v.record(v.string(), v.unknown(), "expected an object"), {}),
  changes: list(
    v.object({ key: text(), old_value: v.optional(v.unknown()), new_value: v.optional(v.unknown()) }),
  ),
  created_at: v.optional(time()),
});

/**
 * A seed world: the same shape `GET /dev/v1/world` returns, so a world can be saved and loaded
 * again. Every array is optional; most fields have defaults (documented in docs/). Apps carry a
 * fixed `token` (or the `token_hash` the world export shows), webhooks a fixed `secret` (or the
 * `secret_hash`). A key it does not know is refused (`userz: is not an allowed key`); validate with
 * `refuseUnknownKeys` to refuse them inside rows too, as `parseSeed` and `PUT /dev/v1/world` do.
 */
const seedWorldEntries = {
  version: v.optional(v.literal(1, "must be 1"), 1),
  users: list(SeedUserSchema),
  apps: list(SeedAppSchema),
  guilds: list(SeedGuildSchema),
  roles: list(SeedRoleSchema),
  categories: list(SeedCategorySchema),
  channels: list(SeedChannelSchema),
  members: list(SeedMemberSchema),
  installs: list(SeedInstallSchema),
  messages: list(SeedMessageSchema),
  bans: list(SeedBanSchema),
  emojis: list(SeedEmojiSchema),
  audit_log: list(SeedAuditSchema),
  webhooks: list(SeedWebhookSchema),
  commands: list(SeedCommandSchema),
  automod_rules: list(SeedAutomodRuleSchema),
};
/** The seed world (see `seedWorldEntries` above): a strict object, so `{"userz": []}` is refused. */
export const SeedWorldSchema = v.strictObject(seedWorldEntries, objectMessage);

/** A seed world as written (fields with defaults may be left out). */
export type SeedWorld = v.InferInput<typeof SeedWorldSchema>;

/** A seed world after validation, with defaults filled in. */
export type ParsedSeedWorld = v.InferOutput<typeof SeedWorldSchema>;
