import * as v from "valibot";
import { DefaultMemberPermissionsSchema } from "../../command-create-body/default-member-permissions.js";
import { CommandDescriptionSchema, CommandNameSchema } from "../../command-option/command-name.js";
import { CommandOptionsSchema } from "../../command-option/command-options.js";
import { SnowflakeSchema } from "../../snowflake/snowflake.js";

/**
 * The seed shapes of the slash command, webhook and AutoMod parts of the world (the same shapes
 * `GET /dev/v1/world` returns). A webhook takes a fixed `secret` (kept only as its SHA-256) or the
 * `secret_hash` the world export shows; the export never shows a secret.
 */

const id = SnowflakeSchema;
const text = () => v.string("expected a string");
const time = () =>
  v.pipe(v.number("expected a number"), v.integer("expected an integer"), v.minValue(0, "must be 0 or more"));

/** A command: global (`guild_id` null or absent) or of one server the app is installed in. */
export const SeedCommandSchema = v.object({
  id,
  application_id: id,
  guild_id: v.optional(v.nullable(id), null),
  name: CommandNameSchema,
  description: CommandDescriptionSchema,
  options: v.optional(CommandOptionsSchema, []),
  default_member_permissions: v.optional(DefaultMemberPermissionsSchema, null),
  type: v.optional(v.literal(1, "must be 1")),
});

/** A webhook of a text channel. */
export const SeedWebhookSchema = v.pipe(
  v.object({
    id,
    guild_id: v.optional(id),
    channel_id: id,
    name: v.pipe(text(), v.minLength(1, "at least 1 character"), v.maxLength(80, "at most 80 characters")),
    avatar_id: v.optional(v.nullable(text()), null),
    maker_id: id,
    /** A fixed URL secret (kept only as its SHA-256). */
    secret: v.optional(
      v.pipe(text(), v.regex(/^[A-Za-z0-9_-]{1,200}$/, "must be URL-safe: A-Z a-z 0-9 _ -")),
    ),
    secret_hash: v.optional(v.pipe(text(), v.regex(/^[0-9a-f]{64}$/, "must be a hex SHA-256"))),
    maker_left: v.optional(v.boolean("expected a boolean"), false),
    created_at: v.optional(time()),
  }),
  v.check((w) => w.secret !== undefined || w.secret_hash !== undefined, "needs secret or secret_hash"),
);

/** An AutoMod keyword rule. */
export const SeedAutomodRuleSchema = v.object({
  id,
  guild_id: id,
  name: v.pipe(text(), v.minLength(1, "at least 1 character"), v.maxLength(100, "at most 100 characters")),
  keywords: v.pipe(v.array(text(), "expected an array"), v.minLength(1, "at least 1 keyword")),
  exempt_webhooks: v.optional(v.boolean("expected a boolean"), false),
  creator_id: id,
  created_at: v.optional(time()),
});

/** The author of a webhook post (on messages whose `author_id` is a webhook). */
export const SeedWebhookAuthorSchema = v.object({ id, username: text(), avatar_id: v.nullable(text()) });

/** A link card of a webhook post. */
export const SeedLinkCardSchema = v.object({
  url: text(),
  title: v.optional(text()),
  description: v.optional(text()),
});
