import * as v from "valibot";
import { fallbackMessage, UNKNOWN_KEY } from "../shared/messages.js";
import { objectShapeFindings } from "./object-shape.js";
import { ValidationError, type ValidationErrors } from "./validation-error.js";

/** The result of {@link validate}: the parsed output, or the messages by dot path. */
export type ValidationResult<T> =
  | { readonly success: true; readonly output: T }
  | { readonly success: false; readonly errors: ValidationErrors };

/** Options of {@link validate}. */
export interface ValidateOptions {
  /**
   * Refuse keys that no object schema declares, at any depth (`embeds.0.zzz: is not an allowed
   * key`), instead of stripping them. Strict objects refuse theirs either way.
   */
  readonly refuseUnknownKeys?: boolean;
}

/**
 * An empty errors record. It has no prototype: paths are keys a client wrote (`toString`,
 * `__proto__`), and a plain `{}` would read them as Object.prototype's members.
 */
export function emptyErrors(): ValidationErrors {
  return Object.create(null) as ValidationErrors;
}

/** Adds `message` at `path` unless it is there already. */
function addError(errors: ValidationErrors, path: string, message: string): void {
  const messages = Object.hasOwn(errors, path) ? errors[path]! : (errors[path] = []);
  if (!messages.includes(message)) messages.push(message);
}

/** Groups valibot issues by dot path (`embeds.0.title`; the root is `""`), without repeats. */
export function issuesToErrors(issues: readonly v.BaseIssue<unknown>[]): ValidationErrors {
  const errors = emptyErrors();
  for (const issue of issues) addError(errors, v.getDotPath(issue) ?? "", issue.message);
  return errors;
}

const PARSE_CONFIG = { abortEarly: false, message: fallbackMessage } as const;

/**
 * Checks `input` against `schema`, reporting every bad field (not just the first). Unknown keys are
 * stripped from the output (or refused, see {@link ValidateOptions}). Each message names the rule
 * in plain words (`at most 25 fields`, `is required`). A JSON array where an object belongs is
 * refused (`expected an object`), which valibot alone would not do. The `errors` record has no
 * prototype, so any key a client sends is reported like any other.
 */
export function validate<const S extends v.GenericSchema>(
  schema: S,
  input: unknown,
  options?: ValidateOptions,
): ValidationResult<v.InferOutput<S>> {
  const result = v.safeParse(schema, input, PARSE_CONFIG);
  const { arrays, unknownKeys } = objectShapeFindings(schema, input, options?.refuseUnknownKeys === true);
  if (result.success && arrays.length === 0 && unknownKeys.length === 0)
    return { success: true, output: result.output };
  const errors = result.success ? emptyErrors() : issuesToErrors(result.issues);
  for (const path of arrays) {
    // What valibot said inside the array (missing keys) says nothing more.
    for (const key of Object.keys(errors))
      if (key.startsWith(path === "" ? "" : `${path}.`)) delete errors[key];
    errors[path] = ["expected an object"];
  }
  for (const path of unknownKeys) addError(errors, path, UNKNOWN_KEY);
  return { success: false, errors };
}

/** Like {@link validate}, but returns the output or throws a {@link ValidationError}. */
export function validateOrThrow<const S extends v.GenericSchema>(
  schema: S,
  input: unknown,
  options?: ValidateOptions,
): v.InferOutput<S> {
  const result = validate(schema, input, options);
  if (!result.success) throw new ValidationError(result.errors);
  return result.output;
}
