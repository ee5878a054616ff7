import * as v from "valibot";

/** A path item of valibot for the array index `index` (for issues raised on a list). */
export function indexPath(input: readonly unknown[], index: number): v.ArrayPathItem {
  return { type: "array", origin: "value", input, key: index, value: input[index] };
}

/** A path item of valibot for the key `key` of `input`. */
export function keyPath<T extends object>(input: T, key: keyof T & string): v.ObjectPathItem {
  return { type: "object", origin: "value", input: input as Record<string, unknown>, key, value: input[key] };
}

/** Reports each later item whose `name` repeats an earlier one, at `<index>.name`. */
export function uniqueNames<T extends { name: string }>(noun: string) {
  return v.rawCheck<T[]>(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const seen = new Set<string>();
    dataset.value.forEach((item, index) => {
      if (seen.has(item.name)) {
        addIssue({
          message: `must be unique among the ${noun}: "${item.name}" is used twice`,
          path: [indexPath(dataset.value, index), keyPath(item, "name")],
        });
      }
      seen.add(item.name);
    });
  });
}
