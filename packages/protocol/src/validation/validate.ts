import * as v from "valibot";
import { fallbackMessage } from "../shared/messages.js";
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

/**
 * Checks `input` against `schema`, reporting every bad field (not just the first). Unknown keys are
 * stripped from the output. Each message names the rule in plain words (`at most 25 fields`).
 */
export function validate<const S extends v.GenericSchema>(
  schema: S,
  input: unknown,
): ValidationResult<v.InferOutput<S>> {
  const result = v.safeParse(schema, input, { abortEarly: false, message: fallbackMessage });
  if (result.success) return { success: true, output: result.output };
  return { success: false, errors: issuesToErrors(result.issues) };
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
