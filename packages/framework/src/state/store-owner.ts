import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { openSqlite, type SqliteDatabase, type SqliteDriver } from "@chatbot/kit/sqlite";
import { StateError } from "./state-store.js";

/** The locks this process holds, by store file: a bot made again in the same process shares it. */
const held = new Map<string, { db: SqliteDatabase; holders: number }>();

/**
 * Makes this process the one writer of the store file `path`, until the returned function is
 * called (or the process ends, however it ends: the lock is the operating system's, which lets go
 * of a dead process's locks). The lock is an SQLite database beside the store, `<path>-owner`,
 * held in exclusive locking mode; another process that asks while this one holds it gets a
 * {@link StateError} `store_in_use` naming the file and, when it can tell, that process's id.
 */
export function claimStoreFile(path: string, driver?: SqliteDriver): () => void {
  const lockPath = `${path}-owner`;
  const pidPath = `${lockPath}.pid`;
  let entry = held.get(lockPath);
  if (!entry) {
    const db = openSqlite(lockPath, {
      ...(driver && { driver }),
      pragmas: ["locking_mode = EXCLUSIVE", "busy_timeout = 0"],
    });
    try {
      db.exec(
        `BEGIN EXCLUSIVE; CREATE TABLE IF NOT EXISTS owner (pid INTEGER NOT NULL); DELETE FROM owner; INSERT INTO owner VALUES (${process.pid}); COMMIT;`,
      );
    } catch (error) {
      db.close();
      let pid = "";
      try {
        pid = ` (pid ${readFileSync(pidPath, "utf8").trim()})`;
      } catch {
        // No word of which process: the message names the file only.
      }
      throw new StateError(
        "store_in_use",
        `store: ${path} is the store of another bot process that is still running${pid}; a store file has one writer. Stop that process first (see "Running it" in docs/deploying.md: a kill of npm alone can leave the bot running)`,
        { cause: error },
      );
    }
    writeFileSync(pidPath, `${process.pid}\n`);
    entry = { db, holders: 0 };
    held.set(lockPath, entry);
  }
  entry.holders += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    entry.holders -= 1;
    if (entry.holders > 0) return;
    held.delete(lockPath);
    rmSync(pidPath, { force: true });
    entry.db.close();
  };
}
