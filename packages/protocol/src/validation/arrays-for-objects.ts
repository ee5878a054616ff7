/**
 * valibot's object schemas take a JSON array as an object with no keys (`embeds: [[]]` would be an
 * empty embed). This walks a value alongside its schema and finds every array given where an object
 * belongs, so {@link validate} can refuse them like any other wrong type.
 * @module
 */
import type * as v from "valibot";

/** The public parts of a valibot schema this walk reads. */
interface SchemaShape {
  readonly type: string;
  readonly entries?: Readonly<Record<string, SchemaShape>>;
  readonly item?: SchemaShape;
  readonly wrapped?: SchemaShape;
  readonly options?: readonly SchemaShape[];
}

const OBJECTS = new Set(["object", "strict_object", "loose_object", "object_with_rest"]);
const WRAPPERS = new Set(["optional", "exact_optional", "nullable", "nullish", "undefinedable"]);

const join = (path: string, key: string | number) => (path === "" ? String(key) : `${path}.${key}`);

function walk(schema: SchemaShape, value: unknown, path: string, found: string[]): void {
  if (value === null || typeof value !== "object") return;
  if (WRAPPERS.has(schema.type) && schema.wrapped) return walk(schema.wrapped, value, path, found);
  if (OBJECTS.has(schema.type)) {
    if (Array.isArray(value)) {
      found.push(path);
      return;
    }
    const record = value as Record<string, unknown>;
    for (const key in schema.entries) walk(schema.entries[key]!, record[key], join(path, key), found);
    return;
  }
  if (schema.type === "array" && schema.item && Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) walk(schema.item, value[i], join(path, i), found);
    return;
  }
  // A union whose every option is an object takes no array either.
  if (Array.isArray(value) && schema.options?.length && schema.options.every((o) => OBJECTS.has(o.type))) {
    found.push(path);
  }
}

/** Dot paths (the root as `""`) where `input` holds an array but `schema` wants an object. */
export function arraysForObjects(schema: v.GenericSchema, input: unknown): string[] {
  const found: string[] = [];
  walk(schema as unknown as SchemaShape, input, "", found);
  return found;
}
