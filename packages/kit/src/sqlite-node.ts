import type * as NodeSqlite from "node:sqlite";
import type { SqliteDatabase, SqliteStatement, SqliteTransactionMode, SqliteValue } from "./sqlite-types.js";

type NodeSqliteModule = typeof NodeSqlite;

/** Loaded once: the module, or null when this Node has none. */
let loaded: NodeSqliteModule | null | undefined;

/** Node 22 says this when node:sqlite is first loaded (Node 24 no longer does). */
function isSqliteExperimentalWarning(warning: unknown, type: unknown): boolean {
  const name = typeof type === "string" ? type : (type as { type?: string } | undefined)?.type;
  const message = warning instanceof Error ? warning.message : String(warning);
  return name === "ExperimentalWarning" && message.startsWith("SQLite is an experimental feature");
}

/**
 * node:sqlite, or null when this Node has none (Node 20, and 22 before 22.13 without
 * `--experimental-sqlite`). Node 22 emits an ExperimentalWarning when the module is first loaded;
 * that one warning is left out, for as long as the load takes. Every other warning is emitted.
 */
export function loadNodeSqlite(): NodeSqliteModule | null {
  if (loaded !== undefined) return loaded;
  const emitWarning = process.emitWarning;
  process.emitWarning = function (this: unknown, warning: string | Error, ...rest: unknown[]) {
    if (isSqliteExperimentalWarning(warning, rest[0])) return;
    return (emitWarning as (...args: unknown[]) => void).call(process, warning, ...rest);
  } as typeof process.emitWarning;
  try {
    loaded = (process.getBuiltinModule?.("node:sqlite") as NodeSqliteModule | undefined) ?? null;
  } finally {
    process.emitWarning = emitWarning;
  }
  return loaded;
}

/**
 * A {@link SqliteDatabase} on node:sqlite's `DatabaseSync`. Its statements are used as they are;
 * node:sqlite has no transaction helper, so `transaction` is BEGIN / COMMIT / ROLLBACK, and a
 * SAVEPOINT inside another transaction, as better-sqlite3's is.
 */
export function nodeSqlite(db: NodeSqlite.DatabaseSync): SqliteDatabase {
  let depth = 0;
  const inTransaction = (): boolean => (db.isTransaction as boolean | undefined) ?? depth > 0;
  const transaction = <A extends unknown[], T>(
    fn: (...args: A) => T,
    mode: SqliteTransactionMode = "deferred",
  ) =>
    function (this: unknown, ...args: A): T {
      const savepoint = depth > 0 ? `"kit_savepoint_${depth}"` : null;
      db.exec(savepoint ? `SAVEPOINT ${savepoint}` : mode === "immediate" ? "BEGIN IMMEDIATE" : "BEGIN");
      depth++;
      try {
        const result = fn.apply(this, args);
        db.exec(savepoint ? `RELEASE ${savepoint}` : "COMMIT");
        return result;
      } catch (error) {
        // A failed COMMIT (or an error SQLite answered with a rollback) may have ended it already.
        if (savepoint) db.exec(`ROLLBACK TO ${savepoint}; RELEASE ${savepoint}`);
        else if (inTransaction()) db.exec("ROLLBACK");
        throw error;
      } finally {
        depth--;
      }
    };
  return {
    driver: "node:sqlite",
    exec: (sql) => db.exec(sql),
    prepare: <P extends readonly SqliteValue[], R>(sql: string) =>
      db.prepare(sql) as unknown as SqliteStatement<P, R>,
    transaction,
    close: () => db.close(),
  };
}
