import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { hasNodeSqlite, sqliteDrivers } from "@chatbot/kit/sqlite";
import { afterAll, describe, expect, it } from "vitest";
import { SqliteStore, StoreOpenError } from "./sqlite-store.js";
import type { RecordWrite } from "./store.js";

// The durable store's contract (`chatbot server --data`) on every driver this Node line can use:
// node:sqlite on 22.13 and later, better-sqlite3 where it is installed and built for this Node.
const dir = mkdtempSync(join(tmpdir(), "server-store-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;

const user = (key: string, row: unknown = { id: key }): RecordWrite => ({ kind: "users", key, row });

it("runs on node:sqlite where the Node line has it, else on better-sqlite3", () => {
  const store = new SqliteStore(join(dir, `world-${++files}.db`));
  expect(store.driver).toBe(hasNodeSqlite() ? "node:sqlite" : "better-sqlite3");
  store.close();
});

describe.each(sqliteDrivers())("on %s", (driver) => {
  const path = () => join(dir, `world-${++files}.db`);

  it("gives back after a reopen every row committed, and none deleted", () => {
    const file = path();
    const store = new SqliteStore(file, driver);
    store.commit([user("1"), user("2"), { kind: "guilds", key: "9", row: { name: "kept" } }]);
    store.commit([user("2", null), user("1", { id: "1", name: "ada" })]);
    store.commit([]);
    store.close();
    store.close();
    const again = new SqliteStore(file, driver);
    expect(again.load()).toEqual({ users: [{ id: "1", name: "ada" }], guilds: [{ name: "kept" }] });
    again.clear();
    expect(again.load()).toEqual({});
    again.close();
    // Owner read and write only: the file holds token hashes and every message.
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it("replaces every row in one transaction: a write that fails keeps the old rows", () => {
    const store = new SqliteStore(path(), driver);
    store.commit([user("old")]);
    const unwritable = { id: "new", big: 1n }; // JSON.stringify refuses a bigint
    expect(() => store.replace([user("new"), user("bad", unwritable)])).toThrow(/BigInt/);
    expect(store.load()).toEqual({ users: [{ id: "old" }] });
    store.replace([user("new")]);
    expect(store.load()).toEqual({ users: [{ id: "new" }] });
    // A commit that fails halfway writes nothing either.
    expect(() => store.commit([user("more"), user("bad", unwritable)])).toThrow(/BigInt/);
    expect(store.load()).toEqual({ users: [{ id: "new" }] });
    store.close();
  });

  it("says which file it could not open", () => {
    expect(() => new SqliteStore(join(dir, "no-such-folder", "world.db"), driver)).toThrow(StoreOpenError);
  });
});
