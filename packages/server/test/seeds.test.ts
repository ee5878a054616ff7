import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { GuildSnapshot, Message } from "@chatbot/protocol";
import { afterEach, describe, expect, it } from "vitest";
import type { ParsedSeedWorld } from "@chatbot/protocol/dev";
import { loadSeedFile, SeedError, type SeedWorld, startServer } from "../src/index.js";
import { type ErrorAnswer, type Harness, ok, startHarness } from "./harness.js";

const TOKEN = "seeded-token-0123456789";

/** A hand-written seed that leaves out what has defaults. */
const SEED: SeedWorld = {
  users: [
    { id: "1001", username: "owner" },
    { id: "1002", username: "member", name: "Member" },
  ],
  apps: [{ id: "2001", name: "Seeded", token: TOKEN, privileged_intents: ["guild_members"] }],
  guilds: [{ id: "3001", name: "Seeded guild", owner_id: "1001" }],
  roles: [
    {
      id: "4001",
      guild_id: "3001",
      name: "mods",
      position: 1,
      permissions: ["manage_messages"],
      mentionable: true,
    },
  ],
  categories: [{ id: "5001", guild_id: "3001", name: "Text" }],
  channels: [
    { id: "6001", guild_id: "3001", name: "general", category_id: "5001" },
    {
      id: "6002",
      guild_id: "3001",
      name: "staff",
      position: 1,
      overwrites: [{ id: "1002", type: "member", deny: ["view_channels"] }],
    },
  ],
  members: [{ guild_id: "3001", user_id: "1002", roles: ["4001"], nickname: "mem" }],
  installs: [
    {
      guild_id: "3001",
      application_id: "2001",
      scopes: ["messages.read", "message_content"],
      permissions: ["send_messages"],
    },
  ],
  messages: [{ id: "7001", channel_id: "6001", author_id: "1002", content: "seeded hello" }],
};

let h: Harness;
afterEach(() => h?.close());

describe("seeds", () => {
  it("loads a seed at start: apps keep their fixed tokens, defaults are filled in", async () => {
    h = await startHarness({ seed: SEED });
    const snapshot = ok(await h.bot<GuildSnapshot>(TOKEN, "GET", "/v1/guilds/3001"));
    expect(snapshot.channels.map((c) => c.id)).toEqual(["6001", "6002"]);
    expect(snapshot.categories).toEqual([{ id: "5001", name: "Text", position: 0 }]);
    const list = ok(await h.bot<Message[]>(TOKEN, "GET", "/v1/channels/6001/messages"));
    expect(list.map((m) => m.content)).toEqual(["seeded hello"]);
    const world = ok(await h.dev<ParsedSeedWorld>("GET", "/dev/v1/world"));
    expect(world.webhooks).toEqual([]);
    expect(world.users.map((u) => u.id)).toContain("1002");
    expect(world.users.find((u) => u.bot)).toMatchObject({ username: "app_2001", bot: true });
    expect(world.roles.find((r) => r.managed)).toMatchObject({
      application_id: "2001",
      permissions: ["send_messages"],
    });
    expect(world.members.map((m) => m.user_id)).toEqual(expect.arrayContaining(["1001", "1002"]));
  });

  it("round-trips: GET /dev/v1/world loaded again gives the same world", async () => {
    h = await startHarness({ seed: SEED });
    const first = ok(await h.dev<SeedWorld>("GET", "/dev/v1/world"));
    expect(first).toMatchObject({
      users: expect.arrayContaining([
        { id: "1002", username: "member", name: "Member", avatar_id: null, bot: false },
      ]),
      channels: expect.arrayContaining([
        {
          id: "6001",
          guild_id: "3001",
          name: "general",
          kind: "text",
          topic: null,
          position: 0,
          category_id: "5001",
          slowmode_seconds: 0,
          overwrites: [],
        },
      ]),
      messages: [
        expect.objectContaining({
          id: "7001",
          guild_id: "3001",
          content: "seeded hello",
          embeds: [],
          pinned: false,
        }),
      ],
    });
    await h.close();
    h = await startHarness({ seed: first });
    expect(ok(await h.dev<SeedWorld>("GET", "/dev/v1/world"))).toEqual(first);
    expect((await h.bot(TOKEN, "GET", "/v1/users/@me")).status).toBe(200);
    const replaced = ok(await h.dev<SeedWorld>("PUT", "/dev/v1/world", first));
    expect(replaced).toEqual(first);
  });

  it("names the bad path, and the file", async () => {
    const dir = mkdtempSync(join(tmpdir(), "seed-"));
    try {
      const file = join(dir, "world.json");
      writeFileSync(
        file,
        JSON.stringify({ ...SEED, channels: [{ id: "6001", guild_id: "9999", name: "x" }] }),
      );
      expect(() => loadSeedFile(file)).toThrow(/channels\.0\.guild_id: no such guild/);
      await expect(startServer({ port: 0, seed: file })).rejects.toThrow(file);
      writeFileSync(file, JSON.stringify({ ...SEED, roles: [{ id: "x", guild_id: "3001", name: "bad" }] }));
      const error = (() => {
        try {
          loadSeedFile(file);
        } catch (e) {
          return e;
        }
        return null;
      })();
      expect(error).toBeInstanceOf(SeedError);
      expect((error as SeedError).message).toContain(file);
      expect((error as SeedError).errors["roles.0.id"]).toBeDefined();
      writeFileSync(file, "{ not json");
      expect(() => loadSeedFile(file)).toThrow(/is not JSON/);
      expect(() => loadSeedFile(join(dir, "missing.json"))).toThrow(/cannot be read/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("refuses a bad seed through PUT /dev/v1/world and keeps the world", async () => {
    h = await startHarness({ seed: SEED });
    const before = ok(await h.dev("GET", "/dev/v1/world"));
    const bad = await h.dev<ErrorAnswer>("PUT", "/dev/v1/world", {
      ...SEED,
      members: [{ guild_id: "3001", user_id: "404" }],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.["members.0.user_id"]).toEqual(["no such user"]);
    expect(ok(await h.dev("GET", "/dev/v1/world"))).toEqual(before);
  });
});

describe("world, reset and clock", () => {
  it("resets to an empty world", async () => {
    h = await startHarness({ seed: SEED });
    expect((await h.dev("POST", "/dev/v1/reset")).status).toBe(204);
    const world = ok(await h.dev<ParsedSeedWorld>("GET", "/dev/v1/world"));
    expect([world.users, world.apps, world.guilds, world.messages]).toEqual([[], [], [], []]);
    expect((await h.bot(TOKEN, "GET", "/v1/users/@me")).status).toBe(401);
  });

  it("moves a manual clock forward, and refuses the real one", async () => {
    h = await startHarness();
    expect(ok(await h.dev("GET", "/dev/v1/clock"))).toEqual({ now: 1_750_000_000_000, controllable: true });
    expect(ok(await h.dev("POST", "/dev/v1/clock", { advance_ms: 1500 }))).toEqual({
      now: 1_750_000_001_500,
    });
    expect((await h.dev<ErrorAnswer>("POST", "/dev/v1/clock", { advance_ms: -1 })).status).toBe(400);
    await h.close();
    const real = await startServer({ port: 0 });
    try {
      const answer = await fetch(`${real.baseUrl}/dev/v1/clock`, {
        method: "POST",
        body: JSON.stringify({ advance_ms: 1 }),
        headers: { "content-type": "application/json" },
      });
      expect(answer.status).toBe(409);
      expect(((await answer.json()) as ErrorAnswer).code).toBe("clock_not_controllable");
      const now = (await (await fetch(`${real.baseUrl}/dev/v1/clock`)).json()) as { controllable: boolean };
      expect(now.controllable).toBe(false);
    } finally {
      await real.close();
    }
  });
});
