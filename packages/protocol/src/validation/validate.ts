import * as v from "valibot";
import { fallbackMessage } from "../shared/messages.js";
import { arraysForObjects } from "./arrays-for-objects.js";
import { ValidationError, type ValidationErrors } from "./validation-error.js";

/** The result of {@link validate}: the parsed output, or the messages by dot path. */
export type ValidationResult<T> =
  | { readonly success: true; readonly output: T }
  | { readonly success: false; readonly errors: ValidationErrors };

/** Groups valibot issues by dot path (`embeds.0.title`; the root is `""`), without repeats. */
export function issuesToErrors(issues: readonly v.BaseIssue<unknown>[]): ValidationErrors {
  const errors: ValidationErrors = {};
  for (const issue of issues) {
    const path = v.getDotPath(issue) ?? "";
    const messages = errors[path] ?? [];
    if (!messages.includes(issue.message)) messages.push(issue.message);
    errors[path] = messages;
  }
  return errors;
}

const PARSE_CONFIG = { abortEarly: false, message: fallbackMessage } as const;

/**
 * Checks `input` against `schema`, reporting every bad field (not just the first). Unknown keys are
 * stripped from the output. Each message names the rule in plain words (`at most 25 fields`). A JSON
 * array where an object belongs is refused (`expected an object`), which valibot alone would not do.
 */
export function validate<const S extends v.GenericSchema>(
  schema: S,
  input: unknown,
): ValidationResult<v.InferOutput<S>> {
  const result = v.safeParse(schema, input, PARSE_CONFIG);
  const arrays = arraysForObjects(schema, input);
  if (result.success && arrays.length === 0) return { success: true, output: result.output };
  const errors = result.success ? {} : issuesToErrors(result.issues);
  for (const path of arrays) {
    // What valibot said inside the array (missing keys) says nothing more.
    for (const key of Object.keys(errors))
      if (key.startsWith(path === "" ? "" : `${path}.`)) delete errors[key];
    errors[path] = ["expected an object"];
  }
  return { success: false, errors };
}

/** Like {@link validate}, but returns the output or throws a {@link ValidationError}. */
export function validateOrThrow<const S extends v.GenericSchema>(
  schema: S,
  input: unknown,
): v.InferOutput<S> {
  const result = validate(schema, input);
  if (!result.success) throw new ValidationError(result.errors);
  return result.output;
}
