const EMPTY: ReadonlyMap<string, never> = new Map<string, never>();

/**
 * A keyed set of records with named secondary indexes (`guild_id` → rows, ...). Records are
 * replaced, never changed in place; writes go through a {@link Transaction} so they can be undone.
 */
export class Table<T, I extends string = never> {
  private readonly rows = new Map<string, T>();
  private readonly indexes = new Map<I, Map<string, Map<string, T>>>();

  constructor(
    readonly keyOf: (row: T) => string,
    private readonly indexKeys: Readonly<Record<I, (row: T) => string | null>> = {} as Record<
      I,
      (row: T) => string | null
    >,
  ) {
    for (const name of Object.keys(indexKeys) as I[]) this.indexes.set(name, new Map());
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

  /** Puts `row` (replacing the row of the same key); returns the row it replaced. */
  set(row: T): T | undefined {
    const key = this.keyOf(row);
    const previous = this.rows.get(key);
    if (previous !== undefined) this.unindex(key, previous);
    this.rows.set(key, row);
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
    return previous;
  }

  clear(): void {
    this.rows.clear();
    for (const index of this.indexes.values()) index.clear();
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
