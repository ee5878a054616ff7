import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Message } from "@chatbot/protocol";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SqliteStore } from "../src/kernel/store/sqlite-store.js";
import { type ErrorAnswer, type Harness, ok, setupWorld, startHarness } from "./harness.js";

let dir: string;
let h: Harness | null = null;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "server-store-"));
});
afterEach(async () => {
  await h?.close();
  h = null;
  rmSync(dir, { recursive: true, force: true });
});

describe("the SQLite store", () => {
  it("gives back the whole world after a restart, tokens, history and ids included", async () => {
    const dataPath = join(dir, "world.db");
    h = await startHarness({ dataPath });
    const w = await setupWorld(h);
    h.server.core.presence.connected(w.appId);
    const first = ok(
      await h.bot<Message>(w.token, "POST", `/v1/channels/${w.general.id}/messages`, {
        content: "kept",
        nonce: "nonce-abcdefghijklmnop",
      }),
      201,
    );
    ok(
      await h.dev(
        "PATCH",
        `/dev/v1/guilds/${w.guildId}/members/${w.member.id}`,
        { nickname: "nick" },
        { as: w.owner.id },
      ),
    );
    const before = ok(await h.dev("GET", "/dev/v1/world"));
    await h.close();

    h = await startHarness({ dataPath });
    expect(ok(await h.dev("GET", "/dev/v1/world"))).toEqual(before);
    const again = await h.bot<Message>(w.token, "POST", `/v1/channels/${w.general.id}/messages`, {
      content: "kept",
      nonce: "nonce-abcdefghijklmnop",
    });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.id);
    const next = ok(
      await h.bot<Message>(w.token, "POST", `/v1/channels/${w.general.id}/messages`, { content: "new" }),
      201,
    );
    expect(BigInt(next.id)).toBeGreaterThan(BigInt(first.id));
    expect(h.server.core.presence.wasConnectedAt(w.appId, first.id)).toBe(true);
    expect(h.server.core.presence.isConnected(w.appId)).toBe(false);
  });

  it("keeps nothing of a refused change, and loads a seed only into an empty store", async () => {
    const dataPath = join(dir, "world.db");
    h = await startHarness({ dataPath });
    const w = await setupWorld(h);
    const refused = await h.dev<ErrorAnswer>(
      "POST",
      `/dev/v1/guilds/${w.guildId}/roles`,
      { name: "x", permissions: [] },
      { as: w.member.id },
    );
    expect(refused.status).toBe(403);
    const before = ok(await h.dev("GET", "/dev/v1/world"));
    await h.close();
    h = await startHarness({ dataPath, seed: { users: [{ id: "1", username: "ignored" }] } });
    expect(ok(await h.dev("GET", "/dev/v1/world"))).toEqual(before);
  });

  it("starts empty after a reset", async () => {
    const dataPath = join(dir, "world.db");
    h = await startHarness({ dataPath });
    await setupWorld(h);
    expect((await h.dev("POST", "/dev/v1/reset")).status).toBe(204);
    await h.close();
    h = await startHarness({ dataPath });
    expect(ok(await h.dev<{ users: unknown[] }>("GET", "/dev/v1/world")).users).toEqual([]);
  });

  it("refuses at start a data file with rows of a table it does not know, naming it, and leaves it alone", async () => {
    const dataPath = join(dir, "world.db");
    h = await startHarness({ dataPath });
    await setupWorld(h);
    await h.close();
    h = null;
    // What a later version with one more table would leave behind.
    const later = new SqliteStore(dataPath);
    later.commit([{ kind: "polls" as never, key: "1", row: { id: "1" } }]);
    later.close();
    await expect(startHarness({ dataPath })).rejects.toThrow(
      /1 of table "polls", which no installed feature defines/,
    );
    const kept = new SqliteStore(dataPath);
    expect(kept.load()).toMatchObject({ polls: [{ id: "1" }] });
    kept.close();
  });
});

describe("the data files", () => {
  it("are readable and writable by their owner only (0600), the -wal and -shm files too", async () => {
    const dataPath = join(dir, "world.db");
    h = await startHarness({ dataPath });
    await setupWorld(h);
    for (const file of [dataPath, `${dataPath}-wal`, `${dataPath}-shm`]) {
      expect(statSync(file).mode & 0o777, file).toBe(0o600);
    }
    await h.close();
    h = null;
    const older = join(dir, "older.db");
    writeFileSync(older, "", { mode: 0o644 });
    h = await startHarness({ dataPath: older });
    expect(statSync(older).mode & 0o777).toBe(0o600);
  });
});
