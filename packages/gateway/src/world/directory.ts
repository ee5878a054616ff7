/** What a {@link Directory} holds: anything with an id and a name. */
export interface Named {
  readonly id: string;
  readonly name: string;
}

/**
 * A server's channels, roles or categories in the bot's view, looked up by id or by name. Names are
 * not unique on the service: `byName` answers the first in the directory's order (position), and
 * `allByName` every one.
 */
export class Directory<T extends Named> implements Iterable<T> {
  readonly #byId = new Map<string, T>();
  readonly #order: (a: T, b: T) => number;

  /** @internal */
  constructor(order: (a: T, b: T) => number) {
    this.#order = order;
  }

  /** How many there are. */
  get size(): number {
    return this.#byId.size;
  }

  /** The one with this id, or `undefined` when the view has none (it does not exist, or the bot cannot see it). */
  get(id: string): T | undefined {
    return this.#byId.get(id);
  }

  /** Whether the view holds this id. */
  has(id: string): boolean {
    return this.#byId.has(id);
  }

  /** The first with this exact name (in {@link list} order), or `undefined`. */
  byName(name: string): T | undefined {
    let found: T | undefined;
    for (const item of this.#byId.values()) {
      if (item.name === name && (found === undefined || this.#order(item, found) < 0)) found = item;
    }
    return found;
  }

  /** Every one with this exact name, in {@link list} order. */
  allByName(name: string): T[] {
    return this.list().filter((item) => item.name === name);
  }

  /** All of them, in order (channels and categories by position, roles highest first). */
  list(): T[] {
    return [...this.#byId.values()].sort(this.#order);
  }

  [Symbol.iterator](): Iterator<T> {
    return this.#byId.values();
  }

  /** @internal */
  set(item: T): void {
    this.#byId.set(item.id, item);
  }

  /** @internal */
  delete(id: string): boolean {
    return this.#byId.delete(id);
  }

  /** @internal */
  clear(): void {
    this.#byId.clear();
  }
}
