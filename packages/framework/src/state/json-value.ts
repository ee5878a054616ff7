/** How deep objects and arrays may nest in a stored value or a job's payload. */
export const MAX_DEPTH = 100;

/**
 * What makes `value` not a JSON value the stores keep, named by its place under `root`
 * (`value.when is a Date (only plain objects)`), or null when it is one. Stops at the first
 * problem; a cycle and a nesting past {@link MAX_DEPTH} are problems, so the walk never runs out of
 * stack. An object met twice, but not inside itself, is fine: JSON writes it twice.
 */
export function notJson(value: unknown, root: string): string | null {
  if (isJson(value, 0)) return null;
  return firstProblem(value, root);
}

/**
 * Whether `value` is a JSON value the stores keep, with no name for what is not: the walk of every
 * write, which keeps no path, no ancestors and no closures (only `Object.keys` makes its arrays).
 * A cycle goes deeper than {@link MAX_DEPTH}, so it answers false for one too, and
 * {@link firstProblem} then says which.
 */
function isJson(value: unknown, depth: number): boolean {
  switch (typeof value) {
    case "string":
    case "boolean":
      return true;
    case "number":
      return Number.isFinite(value);
    case "object": {
      if (value === null) return true;
      if (depth === MAX_DEPTH) return false;
      if (Array.isArray(value)) {
        for (let i = 0; i < value.length; i++) if (!isJson(value[i], depth + 1)) return false;
        return true;
      }
      const proto = Object.getPrototypeOf(value) as unknown;
      if (proto !== Object.prototype && proto !== null) return false;
      for (const key of Object.keys(value)) {
        if (!isJson((value as Record<string, unknown>)[key], depth + 1)) return false;
      }
      return true;
    }
    default:
      return false;
  }
}

/** The first problem of a value that is not a JSON value, named by its place under `root`. */
function firstProblem(value: unknown, root: string): string | null {
  // The objects and arrays above the value walked now, and the keys that lead to it: a place's
  // name is written only for the problem found, not for every value walked.
  const ancestors: object[] = [];
  const keys: (string | number)[] = [];
  const placeAt = (depth: number): string => {
    let place = root;
    for (let i = 0; i < depth; i++) {
      const key = keys[i]!;
      place += typeof key === "number" ? `[${key}]` : `.${key}`;
    }
    return place;
  };

  const walk = (value: unknown): string | null => {
    switch (typeof value) {
      case "string":
      case "boolean":
        return null;
      case "number":
        return Number.isFinite(value) ? null : `${placeAt(keys.length)} is ${value} (not a finite number)`;
      case "object": {
        if (value === null) return null;
        const seen = ancestors.indexOf(value);
        if (seen !== -1) return `${placeAt(keys.length)} is cyclic (it is ${placeAt(seen)} again)`;
        if (ancestors.length === MAX_DEPTH) {
          return `${root} is nested deeper than ${MAX_DEPTH} objects and arrays`;
        }
        const proto = Object.getPrototypeOf(value) as unknown;
        if (!Array.isArray(value) && proto !== Object.prototype && proto !== null) {
          return `${placeAt(keys.length)} is a ${(value as object).constructor?.name ?? "class instance"} (only plain objects)`;
        }
        ancestors.push(value);
        const bad = Array.isArray(value) ? walkArray(value) : walkObject(value);
        ancestors.pop();
        return bad;
      }
      default:
        return `${placeAt(keys.length)} is ${typeof value === "undefined" ? "undefined" : `a ${typeof value}`}`;
    }
  };
  const walkArray = (array: readonly unknown[]): string | null => {
    for (let i = 0; i < array.length; i++) {
      keys.push(i);
      const bad = walk(array[i]);
      keys.pop();
      if (bad) return bad;
    }
    return null;
  };
  const walkObject = (object: object): string | null => {
    for (const key of Object.keys(object)) {
      keys.push(key);
      const bad = walk((object as Record<string, unknown>)[key]);
      keys.pop();
      if (bad) return bad;
    }
    return null;
  };
  return walk(value);
}
