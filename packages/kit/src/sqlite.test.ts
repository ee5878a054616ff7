import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ts from "typescript";
import { afterAll, describe, expect, it } from "vitest";
import { hasNodeSqlite, openSqlite, SqliteDriverError, sqliteDrivers, type SqliteDriver } from "./sqlite.js";

const dir = mkdtempSync(join(tmpdir(), "kit-sqlite-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;

const [major = 0, minor = 0] = process.versions.node.split(".").map(Number);
/** node:sqlite without a flag: Node 22.13 and later. */
const lineHasNodeSqlite = major > 22 || (major === 22 && minor >= 13);
const drivers = sqliteDrivers();

it("finds node:sqlite on the lines that have it, and a driver on every line", () => {
  expect(hasNodeSqlite()).toBe(lineHasNodeSqlite);
  expect(drivers.includes("node:sqlite")).toBe(lineHasNodeSqlite);
  expect(drivers.length).toBeGreaterThan(0);
  expect(openSqlite(":memory:").driver).toBe(drivers[0]);
});

describe.each(drivers)("on %s", (driver: SqliteDriver) => {
  const open = (path = join(dir, `db-${++files}.db`)) =>
    openSqlite(path, { driver, pragmas: ["journal_mode = WAL", "busy_timeout = 0"] });

  it("runs statements, answers rows and changes, and makes the pragmas", () => {
    const db = open();
    expect(db.driver).toBe(driver);
    expect(db.prepare<[], { journal_mode: string }>("PRAGMA journal_mode").get()?.journal_mode).toBe("wal");
    db.exec("CREATE TABLE t (k TEXT PRIMARY KEY, v INTEGER)");
    const put = db.prepare<[string, number | null]>("INSERT INTO t (k, v) VALUES (?, ?)");
    expect(put.run("a", 1).changes).toBe(1);
    put.run("b", null);
    const get = db.prepare<[string], { k: string; v: number | null }>("SELECT k, v FROM t WHERE k = ?");
    expect({ ...get.get("a") }).toEqual({ k: "a", v: 1 });
    expect(get.get("none")).toBeUndefined();
    const all = db.prepare<[], { k: string }>("SELECT k FROM t ORDER BY k");
    expect(all.all().map((r) => r.k)).toEqual(["a", "b"]);
    expect([...all.iterate()].map((r) => r.k)).toEqual(["a", "b"]);
    expect(db.prepare("DELETE FROM t").run().changes).toBe(2);
    db.close();
  });

  it("commits a transaction that returns, rolls back one that throws, and nests as a savepoint", () => {
    const db = open();
    db.exec("CREATE TABLE t (k TEXT PRIMARY KEY)");
    const put = db.prepare<[string]>("INSERT INTO t (k) VALUES (?)");
    const keys = () =>
      db
        .prepare<[], { k: string }>("SELECT k FROM t ORDER BY k")
        .all()
        .map((r) => r.k);
    expect(db.transaction((k: string) => (put.run(k), k.length))("one")).toBe(3);
    expect(() =>
      db.transaction(() => {
        put.run("two");
        put.run("one"); // the primary key refuses it
      })(),
    ).toThrow(/UNIQUE/);
    expect(keys()).toEqual(["one"]);
    const inner = db.transaction(() => {
      put.run("inner");
      throw new Error("inner fails");
    });
    db.transaction(() => {
      put.run("outer");
      expect(inner).toThrow("inner fails");
      put.run("after");
    }, "immediate")();
    expect(keys()).toEqual(["after", "one", "outer"]);
    // The connection is usable after all that: no transaction left open.
    db.transaction(() => put.run("last"))();
    expect(keys()).toContain("last");
    db.close();
  });

  it("takes the write lock at the start of an immediate transaction, at the first write of a deferred one", () => {
    const path = join(dir, `db-${++files}.db`);
    const a = open(path);
    const b = open(path);
    a.exec("CREATE TABLE t (k TEXT PRIMARY KEY)");
    const write = b.prepare<[string]>("INSERT INTO t (k) VALUES (?)");
    a.transaction(() => write.run("while a reads"))();
    expect(() => a.transaction(() => write.run("while a holds the lock"), "immediate")()).toThrow(
      /locked|busy/i,
    );
    expect(b.prepare("SELECT count(*) AS n FROM t").get()).toEqual(expect.objectContaining({ n: 1 }));
    a.close();
    b.close();
  });
});

it("refuses a driver this process cannot use, saying what to install", () => {
  const missing = (["node:sqlite", "better-sqlite3"] as const).filter((d) => !drivers.includes(d));
  for (const driver of missing) {
    const error = catchError(() => openSqlite(":memory:", { driver }));
    expect(error).toBeInstanceOf(SqliteDriverError);
    expect((error as SqliteDriverError).code).toBe("sqlite_driver_missing");
    expect((error as Error).message).toMatch(
      driver === "node:sqlite" ? /Node 22\.13 and later/ : /npm (install|rebuild) better-sqlite3/,
    );
  }
  expect(() => openSqlite(":memory:", { driver: "sqlite3" as SqliteDriver })).toThrow(SqliteDriverError);
});

// A project where better-sqlite3 is not installed at all: the driver layer alone in a folder
// without node_modules, run by this Node in a process of its own so its warnings are its own.
it("without better-sqlite3 installed: opens on node:sqlite with no ExperimentalWarning, or names the package to install", () => {
  writeFileSync(join(dir, "package.json"), '{ "type": "module" }');
  for (const file of readdirSync(import.meta.dirname).filter((f) => /^sqlite[\w-]*\.ts$/.test(f))) {
    if (file.endsWith(".test.ts")) continue;
    const source = readFileSync(join(import.meta.dirname, file), "utf8");
    const js = ts.transpileModule(source, {
      compilerOptions: { module: ts.ModuleKind.ES2022, target: ts.ScriptTarget.ES2022 },
    }).outputText;
    writeFileSync(join(dir, file.replace(/\.ts$/, ".js")), js);
  }
  const script = `
    import { openSqlite } from "./sqlite.js";
    process.emitWarning("a warning of the application's own", "ExperimentalWarning");
    try {
      const db = openSqlite(":memory:");
      console.log("opened on", db.driver, db.prepare("SELECT 41 + 1 AS n").get().n);
    } catch (error) {
      console.log(error.name, error.message);
    }`;
  const run = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
    cwd: dir,
    encoding: "utf8",
  });
  expect(run.status, run.stderr).toBe(0);
  expect(run.stderr).toContain("a warning of the application's own");
  expect(run.stderr).not.toMatch(/SQLite is an experimental feature/);
  if (lineHasNodeSqlite) expect(run.stdout.trim()).toBe("opened on node:sqlite 42");
  else
    expect(run.stdout.trim()).toBe(
      `SqliteDriverError SQLite needs node:sqlite or better-sqlite3; this Node (${process.version}) has no node:sqlite (Node 22.13 and later have it), and the better-sqlite3 package is not installed: npm install better-sqlite3 (or run on Node 22.13 or later)`,
    );
});

function catchError(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  throw new Error("it did not throw");
}
