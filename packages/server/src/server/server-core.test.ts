import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { ServerChange } from "../kernel/changes/server-change.js";
import { ManualClock } from "../kernel/clock.js";
import { ApiError } from "../kernel/errors/api-error.js";
import { createGuild } from "../features/guilds/guilds.js";
import { createRole } from "../features/roles/roles.js";
import { createUser } from "../kernel/actors/users.js";
import { MemoryStore } from "../kernel/store/memory-store.js";
import { SqliteStore } from "../kernel/store/sqlite-store.js";
import { ServerCore } from "./server-core.js";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function snapshot(core: ServerCore): string {
  return JSON.stringify(
    Object.fromEntries(Object.entries(core.world.tables).map(([name, table]) => [name, [...table.values()]])),
  );
}

describe("ServerCore transactions", () => {
  it("publishes changes in order with a per-server seq after the commit", () => {
    const store = new MemoryStore();
    const core = new ServerCore({ clock: new ManualClock(1_750_000_000_000), store });
    const seen: ServerChange[] = [];
    core.subscribe((c) => seen.push(c));
    const owner = createUser(core, { username: "owner" });
    const { guild } = createGuild(core, { name: "g", owner_id: owner.id });
    const actor = { kind: "person", user: owner } as const;
    createRole(core, actor, guild.id, { name: "a", permissions: [] });
    createRole(core, actor, guild.id, { name: "b", permissions: [] });
    expect(seen.map((c) => [c.type, c.seq])).toEqual([
      ["GUILD_ROLE_CREATE", 1],
      ["GUILD_AUDIT_LOG_ENTRY_CREATE", 2],
      ["GUILD_ROLE_CREATE", 3],
      ["GUILD_ROLE_UPDATE", 4],
      ["GUILD_AUDIT_LOG_ENTRY_CREATE", 5],
    ]);
    expect(seen.every((c) => c.guildId === guild.id && c.at === 1_750_000_000_000)).toBe(true);
  });

  it("restores the world and publishes nothing when an operation fails midway", () => {
    const store = new MemoryStore();
    const core = new ServerCore({ clock: new ManualClock(), store });
    const owner = createUser(core, { username: "owner" });
    const { guild } = createGuild(core, { name: "g", owner_id: owner.id });
    const before = snapshot(core);
    const commits = store.commitCount;
    const seen: ServerChange[] = [];
    core.subscribe((c) => seen.push(c));
    expect(() =>
      core.transact((tx) => {
        tx.put("guilds", { ...guild, name: "changed" });
        tx.remove("roles", guild.everyone_role_id);
        tx.emit({ type: "GUILD_UPDATE", guildId: guild.id, guild, before: guild });
        throw new ApiError(400, "invalid_body", "late failure");
      }),
    ).toThrow("late failure");
    expect(snapshot(core)).toBe(before);
    expect(seen).toEqual([]);
    expect(store.commitCount).toBe(commits);
  });

  it("refuses a kept-interactions count that is not a whole number of 0 or more", () => {
    const make = (keptInteractions: number) =>
      new ServerCore({ clock: new ManualClock(), store: new MemoryStore(), keptInteractions });
    for (const bad of [-1, 2.5, Number.NaN]) {
      expect(() => make(bad)).toThrow(/keptInteractions must be a whole number of 0 or more/);
    }
    expect(make(0).keptInteractions).toBe(0);
    expect(new ServerCore({ clock: new ManualClock(), store: new MemoryStore() }).keptInteractions).toBe(
      10_000,
    );
  });

  it("refuses nested transactions", () => {
    const core = new ServerCore({ clock: new ManualClock(), store: new MemoryStore() });
    expect(() => core.transact(() => core.transact(() => 1))).toThrow("do not nest");
  });
});

describe("SqliteStore", () => {
  it("gives every committed row back to a new core", () => {
    const dir = mkdtempSync(join(tmpdir(), "core-store-"));
    dirs.push(dir);
    const path = join(dir, "world.db");
    const clock = new ManualClock();
    const first = new ServerCore({ clock, store: new SqliteStore(path) });
    const owner = createUser(first, { username: "owner" });
    const { guild } = createGuild(first, { name: "kept", owner_id: owner.id });
    first.store.close();

    const second = new ServerCore({ clock, store: new SqliteStore(path) });
    second.loadRows(second.store.load(), false);
    expect(snapshot(second)).toBe(snapshot(first));
    expect(second.world.tables.guilds.get(guild.id)?.name).toBe("kept");
    expect(BigInt(second.ids.next())).toBeGreaterThan(BigInt(guild.id));
    second.store.close();
  });
});
