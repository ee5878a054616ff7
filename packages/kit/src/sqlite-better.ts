import { createRequire } from "node:module";
import type BetterSqlite3 from "better-sqlite3";
import type { SqliteDatabase, SqliteStatement, SqliteValue } from "./sqlite-types.js";

/** The better-sqlite3 package (an optional peer dependency), or why it could not be loaded. */
export function loadBetterSqlite(): typeof BetterSqlite3 | Error {
  try {
    return createRequire(import.meta.url)("better-sqlite3") as typeof BetterSqlite3;
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
}

/** A {@link SqliteDatabase} on better-sqlite3: its statements and transactions as they are. */
export function betterSqlite(db: BetterSqlite3.Database): SqliteDatabase {
  return {
    driver: "better-sqlite3",
    exec: (sql) => void db.exec(sql),
    prepare: <P extends readonly SqliteValue[], R>(sql: string) =>
      db.prepare(sql) as unknown as SqliteStatement<P, R>,
    transaction: (fn, mode) => {
      const wrapped = db.transaction(fn);
      return mode === "immediate" ? wrapped.immediate : wrapped;
    },
    close: () => void db.close(),
  };
}
