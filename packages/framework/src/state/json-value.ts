/** How deep objects and arrays may nest in a stored value or a job's payload. */
export const MAX_DEPTH = 100;

/**
 * What makes `value` not a JSON value the stores keep, named by its place under `root`
 * (`value.when is a Date (only plain objects)`), or null when it is one. Stops at the first
 * problem; a cycle and a nesting past {@link MAX_DEPTH} are problems, so the walk never runs out of
 * stack. An object met twice, but not inside itself, is fine: JSON writes it twice.
 */
export function notJson(value: unknown, root: string): string | null {
  const ancestors: object[] = [];
  const paths: string[] = [];

  const walk = (value: unknown, path: string): string | null => {
    switch (typeof value) {
      case "string":
      case "boolean":
        return null;
      case "number":
        return Number.isFinite(value) ? null : `${path} is ${value} (not a finite number)`;
      case "object": {
        if (value === null) return null;
        const seen = ancestors.indexOf(value);
        if (seen !== -1) return `${path} is cyclic (it is ${paths[seen]} again)`;
        if (ancestors.length === MAX_DEPTH) {
          return `${root} is nested deeper than ${MAX_DEPTH} objects and arrays`;
        }
        const proto = Object.getPrototypeOf(value) as unknown;
        if (!Array.isArray(value) && proto !== Object.prototype && proto !== null) {
          return `${path} is a ${(value as object).constructor?.name ?? "class instance"} (only plain objects)`;
        }
        ancestors.push(value);
        paths.push(path);
        const bad = Array.isArray(value) ? walkArray(value, path) : walkObject(value, path);
        ancestors.pop();
        paths.pop();
        return bad;
      }
      default:
        return `${path} is ${typeof value === "undefined" ? "undefined" : `a ${typeof value}`}`;
    }
  };
  const walkArray = (array: readonly unknown[], path: string): string | null => {
    for (let i = 0; i < array.length; i++) {
      const bad = walk(array[i], `${path}[${i}]`);
      if (bad) return bad;
    }
    return null;
  };
  const walkObject = (object: object, path: string): string | null => {
    for (const [k, v] of Object.entries(object)) {
      const bad = walk(v, `${path}.${k}`);
      if (bad) return bad;
    }
    return null;
  };
  return walk(value, root);
}
