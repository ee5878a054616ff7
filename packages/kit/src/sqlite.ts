// @chatbot/kit/sqlite: one SQLite connection over whichever driver this Node has. node:sqlite
// (Node 22.13 and later) needs nothing installed; better-sqlite3 is the path on Node 20. Kept out
// of the package's main entry so code bundled for a browser never sees it.
import { betterSqlite, loadBetterSqlite } from "./sqlite-better.js";
import { loadNodeSqlite, nodeSqlite } from "./sqlite-node.js";

export type {
  SqliteDatabase,
  SqliteDriver,
  SqliteStatement,
  SqliteTransactionMode,
  SqliteValue,
} from "./sqlite-types.js";
import type { SqliteDatabase, SqliteDriver } from "./sqlite-types.js";

/** Options of {@link openSqlite}. */
export interface OpenSqliteOptions {
  /**
   * The driver; default node:sqlite when this Node has it, else better-sqlite3 (see
   * {@link sqliteDrivers}).
   */
  readonly driver?: SqliteDriver;
  /** `PRAGMA` settings made right after opening, in order: `"journal_mode = WAL"`. */
  readonly pragmas?: readonly string[];
}

/** No usable SQLite driver in this process, or not the one asked for; the message says what to do. */
export class SqliteDriverError extends Error {
  override readonly name = "SqliteDriverError";
  readonly code = "sqlite_driver_missing";
}

const NO_NODE_SQLITE = `this Node (${process.version}) has no node:sqlite (Node 22.13 and later have it)`;

/**
 * Opens the SQLite database at `path` (`":memory:"` for one in memory) on node:sqlite when this
 * Node has it, else on better-sqlite3, and makes the `pragmas` settings. Throws
 * {@link SqliteDriverError} naming what to install when neither can be used, and the driver's
 * own error when the file cannot be opened.
 */
export function openSqlite(path: string, options: OpenSqliteOptions = {}): SqliteDatabase {
  const db = open(path, options.driver ?? (loadNodeSqlite() ? "node:sqlite" : "better-sqlite3"));
  try {
    for (const pragma of options.pragmas ?? []) db.exec(`PRAGMA ${pragma}`);
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}

function open(path: string, driver: SqliteDriver): SqliteDatabase {
  if (driver === "node:sqlite") {
    const module = loadNodeSqlite();
    if (!module) throw new SqliteDriverError(`SQLite on node:sqlite: ${NO_NODE_SQLITE}`);
    return nodeSqlite(new module.DatabaseSync(path));
  }
  if (driver !== "better-sqlite3") {
    throw new SqliteDriverError(
      `no SQLite driver ${JSON.stringify(driver)}: there are node:sqlite and better-sqlite3`,
    );
  }
  const loaded = loadBetterSqlite();
  if (loaded instanceof Error) throw missingBetterSqlite(loaded);
  let db;
  try {
    db = new loaded(path);
  } catch (error) {
    // The package is there but its compiled part is not, or is for another Node.
    if (isBindingError(error)) throw missingBetterSqlite(error as Error);
    throw error;
  }
  return betterSqlite(db);
}

function missingBetterSqlite(cause: Error): SqliteDriverError {
  const what =
    (cause as { code?: string }).code === "MODULE_NOT_FOUND"
      ? "the better-sqlite3 package is not installed: npm install better-sqlite3"
      : `better-sqlite3 is installed but does not load (${cause.message.split("\n")[0]}): npm rebuild better-sqlite3`;
  const message = loadNodeSqlite()
    ? `SQLite on better-sqlite3: ${what}`
    : `SQLite needs node:sqlite or better-sqlite3; ${NO_NODE_SQLITE}, and ${what} (or run on Node 22.13 or later)`;
  return new SqliteDriverError(message, { cause });
}

function isBindingError(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return (
    code === "ERR_DLOPEN_FAILED" ||
    (error instanceof Error && /Could not locate the bindings file|NODE_MODULE_VERSION/.test(error.message))
  );
}

/**
 * The drivers that open a database in this process, the one {@link openSqlite} picks first: on
 * Node 20 better-sqlite3 when it is installed; on Node 22.13+ node:sqlite, then better-sqlite3
 * when it is installed and built for this Node.
 */
export function sqliteDrivers(): SqliteDriver[] {
  const usable: SqliteDriver[] = [];
  if (loadNodeSqlite()) usable.push("node:sqlite");
  try {
    openSqlite(":memory:", { driver: "better-sqlite3" }).close();
    usable.push("better-sqlite3");
  } catch (error) {
    if (!(error instanceof SqliteDriverError)) throw error;
  }
  return usable;
}

/**
 * Whether this Node has node:sqlite (unflagged: Node 22.13 and later). Loads it without the
 * ExperimentalWarning Node 22 prints for it; every other warning is printed as before.
 */
export function hasNodeSqlite(): boolean {
  return loadNodeSqlite() !== null;
}
