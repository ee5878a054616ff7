/**
 * Vitest 5 asks for Node 22, and its reporter calls three functions Node 20 lacks (`Map.groupBy`,
 * `Object.groupBy`, `Promise.withResolvers`): without them a failing test crashes the reporter and
 * its message is lost. This machine (and CI) runs Node 20, so the configs load these small
 * spec-following versions first. They do nothing on Node 22 or newer.
 */
type GroupBy = <K, T>(items: Iterable<T>, key: (item: T, index: number) => K) => Map<K, T[]>;

if (typeof (Map as unknown as { groupBy?: GroupBy }).groupBy !== "function") {
  Object.defineProperty(Map, "groupBy", {
    configurable: true,
    writable: true,
    value<K, T>(items: Iterable<T>, key: (item: T, index: number) => K): Map<K, T[]> {
      const groups = new Map<K, T[]>();
      let index = 0;
      for (const item of items) {
        const k = key(item, index++);
        const group = groups.get(k);
        if (group) group.push(item);
        else groups.set(k, [item]);
      }
      return groups;
    },
  });
}

if (typeof (Object as unknown as { groupBy?: unknown }).groupBy !== "function") {
  Object.defineProperty(Object, "groupBy", {
    configurable: true,
    writable: true,
    value<T>(items: Iterable<T>, key: (item: T, index: number) => PropertyKey): Record<PropertyKey, T[]> {
      const groups: Record<PropertyKey, T[]> = Object.create(null);
      let index = 0;
      for (const item of items) {
        const k = key(item, index++);
        const group = groups[k];
        if (group) group.push(item);
        else groups[k] = [item];
      }
      return groups;
    },
  });
}

if (typeof (Promise as unknown as { withResolvers?: unknown }).withResolvers !== "function") {
  Object.defineProperty(Promise, "withResolvers", {
    configurable: true,
    writable: true,
    value<T>() {
      let resolve!: (value: T | PromiseLike<T>) => void;
      let reject!: (reason?: unknown) => void;
      const promise = new Promise<T>((res, rej) => {
        resolve = res;
        reject = rej;
      });
      return { promise, resolve, reject };
    },
  });
}
