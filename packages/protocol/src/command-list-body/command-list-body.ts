import * as v from "valibot";
import { CommandCreateBodySchema } from "../command-create-body/command-create-body.js";
import { LIMITS } from "../constants/limits.js";
import { list } from "../shared/fields.js";
import { uniqueNames } from "../shared/list-checks.js";

/**
 * The body of `PUT .../commands`: every command of the scope, up to 100, with unique names; each
 * command follows {@link CommandCreateBodySchema}.
 */
export const CommandListBodySchema = v.pipe(
  list(CommandCreateBodySchema, LIMITS.commandsPerScope, "commands"),
  uniqueNames<v.InferOutput<typeof CommandCreateBodySchema>>("commands"),
);

/** A command list body, after validation. */
export type CommandListBody = v.InferOutput<typeof CommandListBodySchema>;
