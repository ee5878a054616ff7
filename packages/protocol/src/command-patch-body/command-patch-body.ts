import * as v from "valibot";
import { DefaultMemberPermissionsSchema } from "../command-create-body/default-member-permissions.js";
import { CommandDescriptionSchema, CommandNameSchema } from "../command-option/command-name.js";
import { CommandOptionsSchema } from "../command-option/command-options.js";
import { obj } from "../shared/fields.js";

/**
 * The body of `PATCH .../commands/{id}`: `name`, `description`, `options` and
 * `default_member_permissions`, all optional, with the create body's rules. Other keys are dropped.
 */
export const CommandPatchBodySchema = obj({
  name: v.optional(CommandNameSchema),
  description: v.optional(CommandDescriptionSchema),
  options: v.optional(CommandOptionsSchema),
  default_member_permissions: v.optional(DefaultMemberPermissionsSchema),
});

/** A command patch body, after validation. */
export type CommandPatchBody = v.InferOutput<typeof CommandPatchBodySchema>;
