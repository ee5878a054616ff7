import { readFileSync } from "node:fs";
import type { ParsedSeedWorld } from "@chatbot/protocol/dev";
import { afterEach, describe, expect, it } from "vitest";
import { ManualClock } from "../src/kernel/clock.js";
import { compareIds, isSnowflake } from "../src/kernel/ids.js";
import { type RunningServer, SeedError, type SeedWorld, startServer } from "../src/index.js";

const DEMO = JSON.parse(
  readFileSync(new URL("../../../examples/worlds/demo.json", import.meta.url), "utf8"),
) as SeedWorld;

const running: RunningServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()));
});

async function start(seed: SeedWorld, clock?: ManualClock): Promise<RunningServer> {
  const server = await startServer({ port: 0, seed, ...(clock ? { clock } : {}) });
  running.push(server);
  return server;
}

async function world(server: RunningServer): Promise<ParsedSeedWorld> {
  return (await (await fetch(`${server.baseUrl}/dev/v1/world`)).json()) as ParsedSeedWorld;
}

/** The world without its times (`joined_at`, `created_at`: the time of loading where the seed gives none). */
function withoutTimes(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutTimes);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value).flatMap(([k, v]) => (k.endsWith("_at") ? [] : [[k, withoutTimes(v)]])),
  );
}

/** Every id-like string of the world. */
function idsOf(value: unknown, out: string[] = []): string[] {
  if (typeof value === "string" && /^\d{1,20}$/.test(value)) out.push(value);
  else if (Array.isArray(value)) for (const v of value) idsOf(v, out);
  else if (value !== null && typeof value === "object") for (const v of Object.values(value)) idsOf(v, out);
  return out;
}

const botOf = (w: ParsedSeedWorld) => w.apps[0]!.bot_user_id!;

describe("ids a seed implies", () => {
  it("are the same on every start of the demo world: the bot, its managed role, everything", async () => {
    const first = await world(await start(DEMO));
    const second = await world(await start(DEMO));
    expect(withoutTimes(second)).toEqual(withoutTimes(first));
    // With the same clock, the whole world is the same.
    const at = 1_750_000_000_000;
    const third = await world(await start(DEMO, new ManualClock(at)));
    const fourth = await world(await start(DEMO, new ManualClock(at)));
    expect(fourth).toEqual(third);
    expect(withoutTimes(third)).toEqual(withoutTimes(first));
    const bot = botOf(first);
    // The ids docs/reference-server.md gives: the derivation is part of the seed format.
    expect([bot, first.installs[0]!.role_id]).toEqual(["100000000003921945", "100000000004133434"]);
    expect(first.users.find((u) => u.id === bot)).toMatchObject({
      bot: true,
      username: "app_100000000000001001",
    });
    expect(first.installs[0]!.role_id).toBe(first.roles.find((r) => r.managed)!.id);
    for (const id of [bot, first.installs[0]!.role_id!]) {
      expect(isSnowflake(id)).toBe(true);
      expect(BigInt(id) < 1n << 63n).toBe(true);
    }
    // Each sorts after its owner: the bot after its app, the managed role after its server.
    expect(compareIds(bot, first.apps[0]!.id)).toBeGreaterThan(0);
    expect(compareIds(first.installs[0]!.role_id!, first.guilds[0]!.id)).toBeGreaterThan(0);
  });

  it("derive each from its owner alone, so the rest of the seed can change", async () => {
    const base = await world(await start(DEMO));
    const grown = await world(
      await start({
        ...DEMO,
        users: [...(DEMO.users ?? []), { id: "900000000000000001", username: "zed" }],
        apps: [...(DEMO.apps ?? []), { id: "100000000000001002", name: "Second", token: "second-token" }],
      }),
    );
    expect(botOf(grown)).toBe(botOf(base));
    expect(grown.installs[0]!.role_id).toBe(base.installs[0]!.role_id);
    expect(grown.apps[1]!.bot_user_id).not.toBe(botOf(base));
  });

  it("are made after the seed's highest id: later ids never collide and sort after it", async () => {
    const server = await start(DEMO);
    const seeded = idsOf(await world(server));
    const made = (await (
      await fetch(`${server.baseUrl}/dev/v1/users`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ username: "newcomer" }),
      })
    ).json()) as { id: string };
    for (const id of seeded) expect(compareIds(made.id, id)).toBeGreaterThan(0);
  });

  it("make no clash with an id the seed writes, even one in the derived place", async () => {
    const plain = await world(await start({ ...DEMO, installs: [] }));
    const bot = botOf(plain);
    // A person who happens to have the id the bot account would get.
    const clash = await world(
      await start({ ...DEMO, installs: [], users: [...(DEMO.users ?? []), { id: bot, username: "lucky" }] }),
    );
    expect(botOf(clash)).not.toBe(bot);
    expect(clash.users.find((u) => u.id === bot)).toMatchObject({ username: "lucky", bot: false });
    expect(clash.users.find((u) => u.id === botOf(clash))).toMatchObject({ bot: true });
  });

  it("honour ids the seed gives, whether or not a row with that id is written", async () => {
    const seed: SeedWorld = {
      users: [{ id: "1001", username: "owner" }],
      apps: [{ id: "2001", name: "Given", token: "given-token", bot_user_id: "2002" }],
      guilds: [{ id: "3001", name: "G", owner_id: "1001", everyone_role_id: "3002" }],
      installs: [
        {
          guild_id: "3001",
          application_id: "2001",
          scopes: ["messages.read"],
          permissions: [],
          role_id: "3003",
        },
      ],
    };
    const w = await world(await start(seed));
    expect(w.users.find((u) => u.id === "2002")).toMatchObject({ bot: true, username: "app_2001" });
    expect(w.apps[0]!.bot_user_id).toBe("2002");
    expect(w.guilds[0]!.everyone_role_id).toBe("3002");
    expect(w.roles.find((r) => r.id === "3002")).toMatchObject({ default: true, guild_id: "3001" });
    expect(w.installs[0]!.role_id).toBe("3003");
    expect(w.roles.find((r) => r.id === "3003")).toMatchObject({ managed: true, application_id: "2001" });
    expect(w.members.find((m) => m.user_id === "2002")?.roles).toEqual(["3003"]);
  });
});

describe("a seed's bad references", () => {
  it("are all named in one error, by path", async () => {
    const seed = {
      ...DEMO,
      channels: [
        { id: "100000000000005001", guild_id: "404", name: "one" },
        { id: "100000000000005002", guild_id: "100000000000002001", name: "fine" },
        { id: "100000000000005003", guild_id: "405", name: "two" },
      ],
      members: [{ guild_id: "100000000000002001", user_id: "406" }],
      bans: [{ guild_id: "407", user_id: "100000000000000002" }],
      messages: [],
    } as SeedWorld;
    const error = await startServer({ port: 0, seed }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SeedError);
    expect((error as SeedError).errors).toEqual({
      "members.0.user_id": ["no such user"],
      "channels.0.guild_id": ["no such guild"],
      "channels.2.guild_id": ["no such guild"],
      "bans.0.guild_id": ["no such guild"],
    });
    expect((error as SeedError).message).toContain("channels.0.guild_id: no such guild");
    expect((error as SeedError).message).toContain("channels.2.guild_id: no such guild");
  });

  it("are all named by PUT /dev/v1/world too", async () => {
    const server = await start(DEMO);
    const answer = await fetch(`${server.baseUrl}/dev/v1/world`, {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        ...DEMO,
        emojis: [
          { id: "1", guild_id: "404", name: "one" },
          { id: "2", guild_id: "405", name: "two" },
        ],
      }),
    });
    expect(answer.status).toBe(400);
    const body = (await answer.json()) as { errors: Record<string, string[]> };
    expect(Object.keys(body.errors)).toEqual(["emojis.0.guild_id", "emojis.1.guild_id"]);
  });
});
