import { chmodSync, closeSync, existsSync, openSync } from "node:fs";
import {
  openSqlite,
  type SqliteDatabase,
  type SqliteDriver,
  type SqliteStatement,
} from "@chatbot/kit/sqlite";
import type { TableName } from "../world/world.js";
import type { RecordWrite, Store, StoredRows } from "./store.js";

/** Raised when the data file cannot be opened or read. */
export class StoreOpenError extends Error {
  readonly code = "store_open_failed";
  constructor(path: string, cause: unknown) {
    super(
      `cannot open the data store at ${path}: ${cause instanceof Error ? cause.message : String(cause)}`,
      {
        cause,
      },
    );
    this.name = "StoreOpenError";
  }
}

/** Owner read and write only: the file holds token hashes and every message. */
const FILE_MODE = 0o600;

/**
 * Creates the data file with mode 0600 before SQLite opens it (SQLite gives its `-wal` and `-shm`
 * files the mode of the database file), and narrows an existing file and its companions to 0600.
 */
function restrictFileMode(path: string): void {
  if (path === ":memory:" || path === "") return;
  closeSync(openSync(path, "a", FILE_MODE));
  for (const file of [path, `${path}-wal`, `${path}-shm`]) if (existsSync(file)) chmodSync(file, FILE_MODE);
}

interface Row {
  kind: string;
  data: string;
}

/**
 * The durable store: one SQLite file in WAL mode, on node:sqlite where Node has it (22.13 and
 * later) and on better-sqlite3 before (`driver` picks one). Each world transaction is one
 * SQLite transaction, written synchronously before the HTTP answer is sent, so every acknowledged
 * change survives `kill -9`. Rows are JSON documents keyed by table and key.
 */
export class SqliteStore implements Store {
  readonly durable = true;
  /** The SQLite driver it runs on. */
  readonly driver: SqliteDriver;
  private readonly db: SqliteDatabase;
  private readonly upsert: SqliteStatement<[string, string, string]>;
  private readonly erase: SqliteStatement<[string, string]>;
  private readonly write: (writes: readonly RecordWrite[]) => void;
  private readonly swap: (writes: readonly RecordWrite[]) => void;
  private closed = false;

  constructor(
    readonly path: string,
    driver?: SqliteDriver,
  ) {
    try {
      restrictFileMode(path);
      this.db = openSqlite(path, {
        ...(driver && { driver }),
        pragmas: ["journal_mode = WAL", "synchronous = NORMAL"],
      });
      this.driver = this.db.driver;
      this.db.exec(
        "CREATE TABLE IF NOT EXISTS records (kind TEXT NOT NULL, key TEXT NOT NULL, data TEXT NOT NULL, PRIMARY KEY (kind, key)) WITHOUT ROWID",
      );
    } catch (error) {
      throw new StoreOpenError(path, error);
    }
    this.upsert = this.db.prepare(
      "INSERT INTO records (kind, key, data) VALUES (?, ?, ?) ON CONFLICT (kind, key) DO UPDATE SET data = excluded.data",
    );
    this.erase = this.db.prepare("DELETE FROM records WHERE kind = ? AND key = ?");
    this.write = this.db.transaction((writes: readonly RecordWrite[]) => {
      for (const w of writes) {
        if (w.row === null) this.erase.run(w.kind, w.key);
        else this.upsert.run(w.kind, w.key, JSON.stringify(w.row));
      }
    });
    const eraseAll = this.db.prepare<[]>("DELETE FROM records");
    this.swap = this.db.transaction((writes: readonly RecordWrite[]) => {
      eraseAll.run();
      this.write(writes);
    });
  }

  load(): StoredRows {
    const rows: StoredRows = {};
    for (const row of this.db.prepare<[], Row>("SELECT kind, data FROM records").iterate()) {
      const kind = row.kind as TableName;
      const list = rows[kind] ?? [];
      list.push(JSON.parse(row.data));
      rows[kind] = list;
    }
    return rows;
  }

  commit(writes: readonly RecordWrite[]): void {
    if (writes.length > 0) this.write(writes);
  }

  clear(): void {
    this.db.exec("DELETE FROM records");
  }

  replace(writes: readonly RecordWrite[]): void {
    // One SQLite transaction (the inner one becomes a savepoint): old rows or new, never neither.
    this.swap(writes);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.db.close();
  }
}
