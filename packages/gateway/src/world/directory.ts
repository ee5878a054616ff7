/** What a {@link Directory} holds: anything with an id and a name. */
export interface Named {
  readonly id: string;
  readonly name: string;
}

/**
 * A server's channels, roles or categories in the bot's view, looked up by id or by name. Names are
 * not unique on the service: `byName` answers the first in the directory's order (position), and
 * `allByName` every one. The three directories of a server share one map by id (ids are unique
 * across kinds), each keeping to its own kind: a server costs one map, not three.
 */
export class Directory<T extends Named> implements Iterable<T> {
  readonly #byId: Map<string, Named>;
  readonly #mine: (item: Named) => item is T;
  readonly #order: (a: T, b: T) => number;
  #size = 0;

  /** @internal */
  constructor(byId: Map<string, Named>, mine: (item: Named) => item is T, order: (a: T, b: T) => number) {
    this.#byId = byId;
    this.#mine = mine;
    this.#order = order;
  }

  /** How many there are. */
  get size(): number {
    return this.#size;
  }

  /** The one with this id, or `undefined` when the view has none (it does not exist, or the bot cannot see it). */
  get(id: string): T | undefined {
    const item = this.#byId.get(id);
    return item !== undefined && this.#mine(item) ? item : undefined;
  }

  /** Whether the view holds this id. */
  has(id: string): boolean {
    return this.get(id) !== undefined;
  }

  /** The first with this exact name (in {@link Directory.list} order), or `undefined`. */
  byName(name: string): T | undefined {
    let found: T | undefined;
    for (const item of this) {
      if (item.name === name && (found === undefined || this.#order(item, found) < 0)) found = item;
    }
    return found;
  }

  /** Every one with this exact name, in {@link Directory.list} order. */
  allByName(name: string): T[] {
    return this.list().filter((item) => item.name === name);
  }

  /** All of them, in order (channels and categories by position, roles highest first). */
  list(): T[] {
    return [...this].sort(this.#order);
  }

  *[Symbol.iterator](): Iterator<T> {
    if (this.#size === 0) return;
    for (const item of this.#byId.values()) if (this.#mine(item)) yield item;
  }

  /** @internal */
  set(item: T): void {
    const before = this.#byId.get(item.id);
    if (before === undefined || !this.#mine(before)) this.#size++;
    this.#byId.set(item.id, item);
  }

  /** @internal */
  delete(id: string): boolean {
    if (this.get(id) === undefined) return false;
    this.#byId.delete(id);
    this.#size--;
    return true;
  }

  /** @internal */
  clear(): void {
    if (this.#size === 0) return;
    for (const [id, item] of this.#byId) if (this.#mine(item)) this.#byId.delete(id);
    this.#size = 0;
  }
}
