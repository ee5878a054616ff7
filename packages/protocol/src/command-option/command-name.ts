import * as v from "valibot";
import { LIMITS } from "../constants/limits.js";
import { rangedText } from "../shared/fields.js";

/** A command or option name: 1 to 32 characters of lowercase letters, digits, `-` and `_`. */
export const CommandNameSchema = v.pipe(
  rangedText(LIMITS.commandNameMin, LIMITS.commandNameMax),
  v.regex(/^[a-z0-9_-]*$/, "must be lowercase letters, digits, - or _"),
);

/** A command or option description: 1 to 100 characters. */
export const CommandDescriptionSchema = rangedText(
  LIMITS.commandDescriptionMin,
  LIMITS.commandDescriptionMax,
);
