/**
 * Two checks valibot's object schemas leave out, made by walking a value alongside its schema:
 * a JSON array given where an object belongs (valibot takes it as an object with no keys, so
 * `embeds: [[]]` would be an empty embed), and, when asked, keys an object schema does not know at
 * any depth (valibot's plain `object` strips them silently).
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

/** What the walk found, as dot paths (the root as `""`). */
export interface ShapeFindings {
  /** Where an array was given but the schema wants an object. */
  readonly arrays: string[];
  /** Keys a plain object schema does not declare (only when asked for). */
  readonly unknownKeys: string[];
}

const OBJECTS = new Set(["object", "strict_object", "loose_object", "object_with_rest"]);
const WRAPPERS = new Set(["optional", "exact_optional", "nullable", "nullish", "undefinedable"]);

/** Walks `value` at `path` (keys from the root, filled in as the walk goes down). */
function walk(
  schema: SchemaShape,
  value: unknown,
  path: (string | number)[],
  found: ShapeFindings,
  refuseUnknown: boolean,
): void {
  if (value === null || typeof value !== "object") return;
  if (schema.wrapped && WRAPPERS.has(schema.type))
    return walk(schema.wrapped, value, path, found, refuseUnknown);
  if (OBJECTS.has(schema.type)) {
    if (Array.isArray(value)) {
      found.arrays.push(path.join("."));
      return;
    }
    const entries = schema.entries!;
    const record = value as Record<string, unknown>;
    // Strict objects name their unknown keys themselves; loose ones take them on purpose.
    const reportUnknown = refuseUnknown && schema.type === "object";
    // The value's keys, not the schema's: a body names a few of its schema's many keys.
    for (const key in record) {
      // Own keys of the schema only: `toString` or `__proto__` in a body is no entry.
      if (reportUnknown && !Object.hasOwn(entries, key)) {
        found.unknownKeys.push([...path, key].join("."));
        continue;
      }
      const inner = record[key];
      // Only objects and arrays can hold an array where an object belongs, or an unknown key.
      if (inner === null || typeof inner !== "object" || !Object.hasOwn(entries, key)) continue;
      path.push(key);
      walk(entries[key]!, inner, path, found, refuseUnknown);
      path.pop();
    }
    return;
  }
  if (schema.type === "array" && schema.item && Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      path.push(i);
      walk(schema.item, value[i], path, found, refuseUnknown);
      path.pop();
    }
    return;
  }
  // A union whose every option is an object takes no array either; its object is walked with the
  // keys of all its options (a key is unknown when no option declares it).
  if (schema.options?.length && schema.options.every((o) => OBJECTS.has(o.type))) {
    if (Array.isArray(value)) found.arrays.push(path.join("."));
    else if (refuseUnknown) walk(mergedObject(schema.options), value, path, found, refuseUnknown);
  }
}

/** One plain object schema declaring every key of `options` (the first option's schema wins). */
function mergedObject(options: readonly SchemaShape[]): SchemaShape {
  const entries: Record<string, SchemaShape> = Object.create(null) as Record<string, SchemaShape>;
  for (const option of options)
    for (const [key, entry] of Object.entries(option.entries!))
      if (!Object.hasOwn(entries, key)) entries[key] = entry;
  return { type: "object", entries };
}

/**
 * Walks `input` alongside `schema`: where it holds an array but the schema wants an object, and
 * (with `refuseUnknown`) which keys no object schema on the way declares.
 */
export function objectShapeFindings(
  schema: v.GenericSchema,
  input: unknown,
  refuseUnknown = false,
): ShapeFindings {
  const found: ShapeFindings = { arrays: [], unknownKeys: [] };
  walk(schema as unknown as SchemaShape, input, [], found, refuseUnknown);
  return found;
}
