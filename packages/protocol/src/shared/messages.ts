import type * as v from "valibot";

/** A valibot message function: turns an issue into plain words. */
export type MessageFn = (issue: v.BaseIssue<unknown>) => string;

/** `is required` for a missing value, else `expected <what>` (for type checks). */
export function expected(what: string): MessageFn {
  return (issue) => (issue.input === undefined ? "is required" : `expected ${what}`);
}

/** The message of a key an object does not declare. */
export const UNKNOWN_KEY = "is not an allowed key";

/**
 * The message of an object schema, which valibot uses for three issues: the value is not an object,
 * a required key is missing, and (strict objects) a key is not allowed.
 */
export const objectMessage: MessageFn = (issue) => {
  if (issue.input === undefined) return "is required";
  if (issue.expected === "never") return UNKNOWN_KEY;
  return "expected an object";
};

/** `at most 2000 characters`, `at least 1 character`: a count with its noun. */
export function count(n: number, singular: string, plural = `${singular}s`): string {
  return `${n} ${n === 1 ? singular : plural}`;
}

/**
 * The last-resort message of {@link validate}: used only for an issue whose schema carries no message
 * of its own, so that valibot's default text never reaches a client.
 */
export const fallbackMessage: MessageFn = (issue) => {
  if (issue.input === undefined) return "is required";
  if (issue.expected && issue.expected !== "never") return `expected ${issue.expected}`;
  return "is not allowed";
};
