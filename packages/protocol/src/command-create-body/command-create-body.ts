import * as v from "valibot";
import { CommandDescriptionSchema, CommandNameSchema } from "../command-option/command-name.js";
import { CommandOptionsSchema } from "../command-option/command-options.js";
import { obj } from "../shared/fields.js";
import { DefaultMemberPermissionsSchema } from "./default-member-permissions.js";

/** Command types of the widely used platform that the service refuses. */
const UNSUPPORTED_COMMAND_TYPES: Readonly<Record<number, string>> = {
  2: "user context menu",
  3: "message context menu",
};

function commandTypeMessage(type: unknown): string {
  const unsupported = typeof type === "number" ? UNSUPPORTED_COMMAND_TYPES[type] : undefined;
  if (unsupported) return `type ${type} (${unsupported}) is unsupported`;
  return "must be 1 (a slash command)";
}

/** A command's `type`: absent or `1`; context menu commands (2, 3) are unsupported. */
export const CommandTypeSchema = v.literal(1, (issue) => commandTypeMessage(issue.input));

/**
 * The body of `POST .../commands`: `name` (1 to 32 of `a-z 0-9 - _`), `description` (1 to 100),
 * `options` (up to 25, required ones first, unique names), `default_member_permissions` (kept as a
 * string, not enforced) and `type` (absent or 1). Unknown keys (`nsfw`, `dm_permission`, `contexts`,
 * `integration_types`, localizations, ...) are dropped.
 */
export const CommandCreateBodySchema = obj({
  name: CommandNameSchema,
  description: CommandDescriptionSchema,
  options: v.optional(CommandOptionsSchema),
  default_member_permissions: v.optional(DefaultMemberPermissionsSchema),
  type: v.optional(CommandTypeSchema),
});

/** A command create body, after validation. */
export type CommandCreateBody = v.InferOutput<typeof CommandCreateBodySchema>;

/** A command create body as a client writes it (`default_member_permissions` may be a number). */
export type CommandCreateBodyInput = v.InferInput<typeof CommandCreateBodySchema>;
