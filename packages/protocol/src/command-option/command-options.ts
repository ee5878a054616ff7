import * as v from "valibot";
import { LIMITS } from "../constants/limits.js";
import { list } from "../shared/fields.js";
import { indexPath, keyPath, uniqueNames } from "../shared/list-checks.js";
import { type CommandOption, CommandOptionSchema } from "./command-option.js";

/**
 * The options of a command: up to 25, names unique, and every required option before the first
 * optional one (the error names the required option that comes too late).
 */
export const CommandOptionsSchema = v.pipe(
  list(CommandOptionSchema, LIMITS.optionsPerCommand, "options"),
  uniqueNames<CommandOption>("options"),
  v.rawCheck<CommandOption[]>(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    let optionalSeen = false;
    dataset.value.forEach((option, index) => {
      if (option.required !== true) optionalSeen = true;
      else if (optionalSeen) {
        addIssue({
          message: "a required option must come before every optional option",
          path: [indexPath(dataset.value, index), keyPath(option, "required")],
        });
      }
    });
  }),
);
