import type { StandardSchemaV1 } from "@standard-schema/spec";

/** What {@link checkOptions} answers: the schema's output, or nothing when a problem was added. */
export type CheckedOptions = { readonly ok: true; readonly value: unknown } | { readonly ok: false };

/** Whether `schema` implements Standard Schema v1 (has `~standard.validate`). */
export function isStandardSchema(schema: unknown): schema is StandardSchemaV1 {
  if ((typeof schema !== "object" && typeof schema !== "function") || schema === null) return false;
  const props = (schema as Partial<StandardSchemaV1>)["~standard"];
  return typeof props === "object" && props !== null && typeof props.validate === "function";
}

/**
 * Checks `value` against a user's Standard Schema `schema`, adding to `problems` one line per issue,
 * each starting with `label` (`plugin "thanks"`) and naming the field by its dot path (or `its
 * options` for the whole) and the rule by the issue's message. A schema that is not a Standard
 * Schema, that throws, or whose check is asynchronous (a promise: the options are checked when the
 * bot is made, which cannot wait) is a problem too.
 */
export function checkOptions(
  label: string,
  schema: unknown,
  value: unknown,
  problems: string[],
): CheckedOptions {
  if (!isStandardSchema(schema)) {
    problems.push(
      `${label}: options must be a Standard Schema (a schema of valibot, zod, ArkType…), got ${describe(schema)}`,
    );
    return { ok: false };
  }
  let result: StandardSchemaV1.Result<unknown> | Promise<StandardSchemaV1.Result<unknown>>;
  try {
    result = schema["~standard"].validate(value);
  } catch (error) {
    problems.push(
      `${label}: its options schema threw: ${error instanceof Error ? error.message : String(error)}`,
    );
    return { ok: false };
  }
  if (isThenable(result)) {
    // Not awaited: a rejection is only this schema's failure, already reported.
    result.then(undefined, () => {});
    problems.push(
      `${label}: its options schema checks asynchronously (its validate() answered a promise); options are checked when the bot is made, so give a synchronous schema (valibot's v.object, not v.objectAsync; zod without async refinements)`,
    );
    return { ok: false };
  }
  if (result.issues) {
    for (const issue of result.issues) {
      const path = dotPath(issue.path);
      problems.push(`${label}: ${path === null ? "its options" : `option ${path}`}: ${issue.message}`);
    }
    return { ok: false };
  }
  return { ok: true, value: result.value };
}

/** `words.0` for the path `["words", 0]`; null for no path, or a key that is not a name or number. */
function dotPath(path: StandardSchemaV1.Issue["path"]): string | null {
  if (path === undefined || path.length === 0) return null;
  const keys: string[] = [];
  for (const segment of path) {
    const key = typeof segment === "object" && segment !== null ? segment.key : segment;
    if (typeof key !== "string" && typeof key !== "number") return null;
    keys.push(String(key));
  }
  return keys.join(".");
}

/** A promise, or a promise-like of another realm or library. */
function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as PromiseLike<unknown> | null)?.then === "function";
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (typeof value !== "object") return typeof value;
  const name = (value as object).constructor?.name;
  return name && name !== "Object" ? `a ${name}` : "an object without ~standard";
}
