import type { Table } from "./table.js";

/**
 * The tables of a world, each typed with its indexes. The interface is open: the file that defines
 * a table ({@link defineTable}) adds it here by augmenting this interface, the kernel's own tables
 * in `kernel-tables.ts` and a feature's in its `<feature>-tables.ts`. The kernel names no table of
 * a feature.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by module augmentation
export interface WorldTables {}

/** A table of the world. */
export type TableName = keyof WorldTables;

/** The row type of a table. */
type RowOf<T> = T extends { keyOf: (row: infer R) => string } ? R : never;

/** The row type of each table of the world (also the store's record kinds). */
export type TableRows = { [K in TableName]: RowOf<WorldTables[K]> };

/** How a table is made: the kernel or a feature hands these to the world ({@link World.define}). */
export interface TableSpec<N extends TableName = TableName> {
  readonly name: N;
  readonly create: () => WorldTables[N];
}

/** A table's spec, checked against its declaration in {@link WorldTables}. */
export function defineTable<N extends TableName>(name: N, create: () => WorldTables[N]): TableSpec<N> {
  return { name, create };
}

/** Key of a row that belongs to a server and a user (members, bans). */
export function pairKey(guildId: string, otherId: string): string {
  return `${guildId}:${otherId}`;
}

/** Key of the nonce index: a nonce counts per author and channel. */
export function nonceKey(channelId: string, authorId: string, nonce: string): string {
  return `${channelId}:${authorId}:${nonce}`;
}

/** The key of the users' `username` index: usernames compare case-insensitively. */
export function usernameKey(username: string): string {
  return username.toLowerCase();
}

type AnyTable = Table<unknown, string, string>;

/**
 * The whole world in memory: the tables the kernel and the installed features defined, each with
 * its indexes (ordered ones included, such as a channel's message ids in id order). Every write
 * goes through {@link put} and {@link remove} (transactions, their undo, loading and replacing a
 * world), so the indexes are always in step with the tables. The hot paths read it directly;
 * writes go through a transaction ({@link Transaction}) so that they can be undone, saved and
 * turned into change records.
 */
export class World {
  /** Every table, by name; a name is there once its spec was given to {@link define}. */
  readonly tables = {} as WorldTables;
  private readonly named: TableName[] = [];

  constructor(specs: readonly TableSpec[] = []) {
    this.define(specs);
  }

  /** The tables' names, in the order they were defined (the kernel's first, then each feature's). */
  get names(): readonly TableName[] {
    return this.named;
  }

  /**
   * Adds the tables of `specs`, each name once, into an empty world; when one cannot be added,
   * none is.
   */
  define(specs: readonly TableSpec[]): void {
    const names = new Set<string>();
    for (const { name } of specs) {
      if (Object.hasOwn(this.tables, name) || names.has(name)) {
        throw new Error(`table ${name} is already defined`);
      }
      names.add(name);
    }
    const full = this.named.find((name) => this.table(name).size > 0);
    if (specs.length > 0 && full !== undefined) {
      throw new Error(`table ${specs[0]?.name} is defined after rows were put into the world (${full})`);
    }
    for (const spec of specs) {
      (this.tables as Record<TableName, unknown>)[spec.name] = spec.create();
      this.named.push(spec.name);
    }
  }

  /** Puts a row into its table, keeping its indexes; returns the row it replaced. */
  put<K extends TableName>(kind: K, row: TableRows[K]): TableRows[K] | undefined {
    return this.table(kind).set(row) as TableRows[K] | undefined;
  }

  /** Removes a row by key; returns it. */
  remove<K extends TableName>(kind: K, key: string): TableRows[K] | undefined {
    return this.table(kind).delete(key) as TableRows[K] | undefined;
  }

  /** Empties every table. */
  clear(): void {
    for (const name of this.named) this.table(name).clear();
  }

  private table(kind: TableName): AnyTable {
    const table = this.tables[kind] as AnyTable | undefined;
    if (table === undefined) throw new Error(`no table ${kind}: no installed feature defines it`);
    return table;
  }
}
