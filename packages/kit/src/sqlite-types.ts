// The types of @chatbot/kit/sqlite, shared by the facade and both drivers.

/** The drivers {@link openSqlite} can use: Node's own module, or the better-sqlite3 package. */
export type SqliteDriver = "node:sqlite" | "better-sqlite3";

/** What a statement binds and a row holds. */
export type SqliteValue = null | number | bigint | string | Uint8Array;

/** A prepared statement; both drivers' statements are used as they are. */
export interface SqliteStatement<P extends readonly SqliteValue[] = SqliteValue[], R = unknown> {
  /** Runs it; answers how many rows it inserted, changed or deleted. */
  run(...params: P): { readonly changes: number };
  /** The first row, or undefined when there is none. */
  get(...params: P): R | undefined;
  all(...params: P): R[];
  iterate(...params: P): IterableIterator<R>;
}

/**
 * When a transaction takes the write lock: at its first write (`deferred`) or at its start
 * (`immediate`: a read-modify-write, so another process cannot write between the read and the write).
 */
export type SqliteTransactionMode = "deferred" | "immediate";

/** One open database, the part of the drivers the toolkit's stores use. */
export interface SqliteDatabase {
  /** The driver it runs on. */
  readonly driver: SqliteDriver;
  /** Runs one or more statements that answer no rows (schema, `PRAGMA` settings). */
  exec(sql: string): void;
  prepare<P extends readonly SqliteValue[] = SqliteValue[], R = unknown>(sql: string): SqliteStatement<P, R>;
  /**
   * Wraps `fn` in a transaction: committed when it returns, rolled back when it throws. Called
   * inside another transaction it is a savepoint of that one. `fn` must be synchronous.
   */
  transaction<A extends unknown[], T>(fn: (...args: A) => T, mode?: SqliteTransactionMode): (...args: A) => T;
  close(): void;
}
