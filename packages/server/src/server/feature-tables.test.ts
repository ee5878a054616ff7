import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ManualClock } from "../kernel/clock.js";
import type { Feature } from "../kernel/kernel.js";
import { createUser } from "../kernel/actors/users.js";
import { MemoryStore } from "../kernel/store/memory-store.js";
import type { Store } from "../kernel/store/store.js";
import { SqliteStore } from "../kernel/store/sqlite-store.js";
import { Table } from "../kernel/world/table.js";
import { defineTable } from "../kernel/world/world.js";
import { createGuild, deleteGuild } from "../features/guilds/guilds.js";
import { ServerCore } from "./server-core.js";

// A feature of this test only: adding a resource is a folder with a table, its operations and its
// routes. Its table joins the world's types the way every feature's does.
interface NoteRecord {
  readonly id: string;
  readonly guild_id: string;
  readonly channel_id: string;
  readonly text: string;
}

declare module "../kernel/world/world.js" {
  interface WorldTables {
    test_notes: Table<NoteRecord, "guild", "channel">;
  }
}

const notesFeature: Feature = {
  name: "test-notes",
  tables: [
    defineTable(
      "test_notes",
      () =>
        new Table(
          (r) => r.id,
          { guild: (r) => r.guild_id },
          { channel: { group: (r) => r.channel_id, id: (r) => r.id } },
        ),
    ),
  ],
};

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function coreWithNotes(store: Store = new MemoryStore()): ServerCore {
  const core = new ServerCore({ clock: new ManualClock(1_750_000_000_000), store });
  core.install(notesFeature);
  return core;
}

describe("a feature's own table", () => {
  it("is saved with each commit and loaded back, its ordered index rebuilt", () => {
    const dir = mkdtempSync(join(tmpdir(), "feature-tables-"));
    dirs.push(dir);
    const path = join(dir, "world.db");
    const first = coreWithNotes(new SqliteStore(path));
    const owner = createUser(first, { username: "owner" });
    const { guild } = createGuild(first, { name: "g", owner_id: owner.id });
    first.transact((tx) => {
      for (const id of ["30", "10", "20"])
        tx.put("test_notes", { id, guild_id: guild.id, channel_id: "c", text: id });
    });
    first.store.close();

    const second = coreWithNotes(new SqliteStore(path));
    second.loadRows(second.store.load(), false);
    expect(second.world.tables.test_notes.ordered("channel", "c").toArray()).toEqual(["10", "20", "30"]);
    expect(second.world.tables.test_notes.by("guild", guild.id).size).toBe(3);
    second.store.close();
  });

  it("goes with its server: deleting a server removes the rows of every table indexed by server", () => {
    const core = coreWithNotes();
    const owner = createUser(core, { username: "owner" });
    const { guild } = createGuild(core, { name: "g", owner_id: owner.id });
    core.transact((tx) => tx.put("test_notes", { id: "1", guild_id: guild.id, channel_id: "c", text: "x" }));
    deleteGuild(core, { kind: "person", user: owner }, guild.id);
    expect(core.world.tables.test_notes.size).toBe(0);
    expect(core.world.tables.test_notes.ordered("channel", "c").size).toBe(0);
  });

  it("is emptied by a reset and undone with its transaction", () => {
    const core = coreWithNotes();
    core.transact((tx) => tx.put("test_notes", { id: "1", guild_id: "g", channel_id: "c", text: "x" }));
    expect(() =>
      core.transact((tx) => {
        tx.put("test_notes", { id: "2", guild_id: "g", channel_id: "c", text: "y" });
        throw new Error("the operation failed");
      }),
    ).toThrow("the operation failed");
    expect(core.world.tables.test_notes.ordered("channel", "c").toArray()).toEqual(["1"]);
    core.reset();
    expect(core.world.tables.test_notes.size).toBe(0);
  });

  it("refuses stored rows of a table no installed feature defines, naming it, and loads nothing", () => {
    const core = new ServerCore({ clock: new ManualClock(1_750_000_000_000), store: new MemoryStore() });
    const rows = { users: [], test_notes: [{ id: "1", guild_id: "g", channel_id: "c", text: "x" }] };
    expect(() => core.loadRows(rows, true)).toThrow(
      /1 of table "test_notes", which no installed feature defines \(installed: roles, channels/,
    );
    expect(core.world.tables.users.size).toBe(0);
  });

  it("is defined once, and only into an empty world", () => {
    const core = coreWithNotes();
    expect(() => core.install({ ...notesFeature, name: "again" })).toThrow(
      "table test_notes is already defined",
    );
    createUser(core, { username: "someone" });
    const late = new ServerCore({ clock: new ManualClock(1_750_000_000_000), store: new MemoryStore() });
    createUser(late, { username: "someone" });
    expect(() => late.install(notesFeature)).toThrow(
      "table test_notes is defined after rows were put into the world (users)",
    );
    // Nothing half-done: the feature is not installed, so installing it into an empty world works.
    late.reset();
    late.install(notesFeature);
    expect(late.world.names.at(-1)).toBe("test_notes");
  });
});
