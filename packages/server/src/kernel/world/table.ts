import { IdOrders } from "./id-orders.js";
import type { SortedIds } from "./sorted-ids.js";

const EMPTY: ReadonlyMap<string, never> = new Map<string, never>();

/**
 * An ordered index of a {@link Table}: the rows of each `group` as their ids in id order (a
 * channel's message ids, a server's member user ids).
 */
export interface OrderKeys<T> {
  readonly group: (row: T) => string;
  readonly id: (row: T) => string;
}

/**
 * A keyed set of records with named secondary indexes (`guild_id` → rows, ...) and named ordered
 * indexes (rows of a group in id order). Records are replaced, never changed in place; writes go
 * through a {@link Transaction} so they can be undone.
 */
export class Table<T, I extends string = never, O extends string = never> {
  private readonly rows = new Map<string, T>();
  private readonly indexes = new Map<I, Map<string, Map<string, T>>>();
  private readonly orders = new Map<O, IdOrders>();

  constructor(
    readonly keyOf: (row: T) => string,
    private readonly indexKeys: Readonly<Record<I, (row: T) => string | null>> = {} as Record<
      I,
      (row: T) => string | null
    >,
    private readonly orderKeys: Readonly<Record<O, OrderKeys<T>>> = {} as Record<O, OrderKeys<T>>,
  ) {
    for (const name of Object.keys(indexKeys) as I[]) this.indexes.set(name, new Map());
    for (const name of Object.keys(orderKeys) as O[]) this.orders.set(name, new IdOrders());
  }

  get size(): number {
    return this.rows.size;
  }

  get(key: string): T | undefined {
    return this.rows.get(key);
  }

  has(key: string): boolean {
    return this.rows.has(key);
  }

  values(): IterableIterator<T> {
    return this.rows.values();
  }

  /** The rows whose index `name` reads `value`, keyed by row key. */
  by(name: I, value: string): ReadonlyMap<string, T> {
    return this.indexes.get(name)?.get(value) ?? EMPTY;
  }

  /** The ids of `group`'s rows in the ordered index `name`, in id order (do not change the list). */
  ordered(name: O, group: string): SortedIds {
    return (this.orders.get(name) as IdOrders).of(group);
  }

  /** Puts `row` (replacing the row of the same key); returns the row it replaced. */
  set(row: T): T | undefined {
    const key = this.keyOf(row);
    const previous = this.rows.get(key);
    if (previous !== undefined) this.unindex(key, previous);
    this.rows.set(key, row);
    for (const [name, order] of this.orders) {
      const { group, id } = this.orderKeys[name];
      const at = group(row);
      const rowId = id(row);
      if (previous !== undefined) {
        const was = group(previous);
        const wasId = id(previous);
        // An edit that keeps the group and the id keeps its place (a message's text, a member's roles).
        if (was === at && wasId === rowId) continue;
        order.remove(was, wasId);
      }
      order.insert(at, rowId);
    }
    for (const [name, index] of this.indexes) {
      const value = this.indexKeys[name](row);
      if (value === null) continue;
      let bucket = index.get(value);
      if (!bucket) {
        bucket = new Map();
        index.set(value, bucket);
      }
      bucket.set(key, row);
    }
    return previous;
  }

  /** Removes the row of `key`; returns it. */
  delete(key: string): T | undefined {
    const previous = this.rows.get(key);
    if (previous === undefined) return undefined;
    this.unindex(key, previous);
    this.rows.delete(key);
    for (const [name, order] of this.orders) {
      const { group, id } = this.orderKeys[name];
      order.remove(group(previous), id(previous));
    }
    return previous;
  }

  clear(): void {
    this.rows.clear();
    for (const index of this.indexes.values()) index.clear();
    for (const order of this.orders.values()) order.clear();
  }

  private unindex(key: string, row: T): void {
    for (const [name, index] of this.indexes) {
      const value = this.indexKeys[name](row);
      if (value === null) continue;
      const bucket = index.get(value);
      bucket?.delete(key);
      if (bucket?.size === 0) index.delete(value);
    }
  }
}
