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

/** Walks `value` at `path` (keys from the root, filled in as the walk goes down). */
function walk(schema: SchemaShape, value: unknown, path: (string | number)[], found: string[]): void {
  if (value === null || typeof value !== "object") return;
  if (schema.wrapped && WRAPPERS.has(schema.type)) return walk(schema.wrapped, value, path, found);
  if (OBJECTS.has(schema.type)) {
    if (Array.isArray(value)) {
      found.push(path.join("."));
      return;
    }
    const entries = schema.entries!;
    const record = value as Record<string, unknown>;
    // The value's keys, not the schema's: a body names a few of its schema's many keys.
    for (const key in record) {
      const inner = record[key];
      // Only objects and arrays can hold an array where an object belongs.
      if (inner === null || typeof inner !== "object" || !Object.hasOwn(entries, key)) continue;
      path.push(key);
      walk(entries[key]!, inner, path, found);
      path.pop();
    }
    return;
  }
  if (schema.type === "array" && schema.item && Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      path.push(i);
      walk(schema.item, value[i], path, found);
      path.pop();
    }
    return;
  }
  // A union whose every option is an object takes no array either.
  if (Array.isArray(value) && schema.options?.length && schema.options.every((o) => OBJECTS.has(o.type))) {
    found.push(path.join("."));
  }
}

/** Dot paths (the root as `""`) where `input` holds an array but `schema` wants an object. */
export function arraysForObjects(schema: v.GenericSchema, input: unknown): string[] {
  const found: string[] = [];
  walk(schema as unknown as SchemaShape, input, [], found);
  return found;
}
