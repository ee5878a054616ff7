import type { Channel, GuildSnapshot, Member, Role, User } from "@chatbot/protocol";
import { afterEach, describe, expect, it } from "vitest";
import { type ErrorAnswer, type Harness, ok, setupWorld, startHarness, type TestWorld } from "./harness.js";

let h: Harness;
afterEach(() => h.close());

async function world(options: Parameters<typeof setupWorld>[1] = {}): Promise<TestWorld> {
  h = await startHarness();
  return setupWorld(h, options);
}

describe("GET /v1/guilds/{id}", () => {
  it("answers the snapshot: visible channels, categories holding one, roles highest first, me, effective access", async () => {
    const w = await world({ permissions: ["view_audit_log"], privileged: false });
    const as = { as: w.owner.id };
    const shown = ok(
      await h.dev<{ id: string }>("POST", `/dev/v1/guilds/${w.guildId}/categories`, { name: "Shown" }, as),
      201,
    );
    const empty = ok(
      await h.dev<{ id: string }>("POST", `/dev/v1/guilds/${w.guildId}/categories`, { name: "Empty" }, as),
      201,
    );
    const inShown = ok(
      await h.dev<Channel>(
        "POST",
        `/dev/v1/guilds/${w.guildId}/channels`,
        { name: "in-shown", kind: "text", category_id: shown.id },
        as,
      ),
      201,
    );
    const hidden = ok(
      await h.dev<Channel>(
        "POST",
        `/dev/v1/guilds/${w.guildId}/channels`,
        {
          name: "secret",
          kind: "text",
          category_id: empty.id,
          overwrites: [{ id: w.everyoneRoleId, type: "role", deny: ["view_channels"] }],
        },
        as,
      ),
      201,
    );
    const mods = ok(
      await h.dev<Role>(
        "POST",
        `/dev/v1/guilds/${w.guildId}/roles`,
        { name: "mods", permissions: [], position: 2 },
        as,
      ),
      201,
    );

    const snapshot = ok(await h.bot<GuildSnapshot>(w.token, "GET", `/v1/guilds/${w.guildId}`));
    expect(snapshot.id).toBe(w.guildId);
    expect(snapshot.owner_id).toBe(w.owner.id);
    expect(snapshot.channels.map((c) => c.id)).toEqual([w.general.id, inShown.id]);
    expect(snapshot.channels.map((c) => c.id)).not.toContain(hidden.id);
    expect(snapshot.categories).toEqual([{ id: shown.id, name: "Shown", position: 0 }]);
    expect(snapshot.roles.map((r) => r.id)).toEqual([mods.id, w.botRoleId, w.everyoneRoleId]);
    expect(snapshot.roles.map((r) => r.position)).toEqual([2, 1, 0]);
    expect(snapshot.me.roles).toEqual([w.botRoleId]);
    expect(snapshot.me.permissions).toContain("view_audit_log");
    expect(snapshot.me.permissions).toContain("send_messages");
    expect(snapshot.scopes).toEqual(["messages.read", "messages.send", "reactions", "message_content"]);
    expect(snapshot.intents).not.toContain("guild_members");
    expect(snapshot.intents).toContain("guild_messages");
  });

  it("includes members.read and guild_members only with privileged access", async () => {
    const w = await world({ privileged: true });
    const snapshot = ok(await h.bot<GuildSnapshot>(w.token, "GET", `/v1/guilds/${w.guildId}`));
    expect(snapshot.scopes).toContain("members.read");
    expect(snapshot.intents).toContain("guild_members");
  });

  it("answers a server the app is not in exactly like one that does not exist", async () => {
    const w = await world();
    const other = ok(
      await h.dev<{ id: string }>("POST", "/dev/v1/guilds", { name: "Other", owner_id: w.owner.id }),
      201,
    );
    const notInstalled = await h.bot<ErrorAnswer>(w.token, "GET", `/v1/guilds/${other.id}`);
    const missing = await h.bot<ErrorAnswer>(w.token, "GET", "/v1/guilds/123456789");
    expect(notInstalled.status).toBe(404);
    expect(notInstalled.body).toEqual(missing.body);
    expect(missing.body.code).toBe("unknown_guild");
    for (const suffix of ["/channels", "/roles", "/members"]) {
      expect((await h.bot<ErrorAnswer>(w.token, "GET", `/v1/guilds/${other.id}${suffix}`)).body.code).toBe(
        "unknown_guild",
      );
    }
  });

  it("answers 400 invalid_body naming the param for an id of the wrong shape", async () => {
    const w = await world();
    const result = await h.bot<ErrorAnswer>(w.token, "GET", "/v1/guilds/not-an-id");
    expect(result.status).toBe(400);
    expect(result.body.code).toBe("invalid_body");
    expect(Object.keys(result.body.errors ?? {})).toEqual(["guild_id"]);
  });
});

describe("channels and roles of a server", () => {
  it("lists only channels the bot can see, each with the bot's permissions", async () => {
    const w = await world({ permissions: ["manage_messages"] });
    const as = { as: w.owner.id };
    await h.dev(
      "POST",
      `/dev/v1/guilds/${w.guildId}/channels`,
      {
        name: "no-bots",
        kind: "text",
        overwrites: [{ id: w.botUserId, type: "member", deny: ["view_channels"] }],
      },
      as,
    );
    const readOnly = ok(
      await h.dev<Channel>(
        "POST",
        `/dev/v1/guilds/${w.guildId}/channels`,
        {
          name: "ro",
          kind: "announcement",
          overwrites: [{ id: w.botRoleId, type: "role", deny: ["send_messages"] }],
        },
        as,
      ),
      201,
    );
    const channels = ok(await h.bot<Channel[]>(w.token, "GET", `/v1/guilds/${w.guildId}/channels`));
    expect(channels.map((c) => c.name)).toEqual(["general", "ro"]);
    const ro = channels.find((c) => c.id === readOnly.id);
    expect(ro?.kind).toBe("announcement");
    expect(ro?.permissions).not.toContain("send_messages");
    expect(ro?.permissions).toContain("manage_messages");
    expect(channels[0]?.permissions).toContain("send_messages");
  });

  it("lists roles highest first", async () => {
    const w = await world();
    const as = { as: w.owner.id };
    const low = ok(
      await h.dev<Role>("POST", `/dev/v1/guilds/${w.guildId}/roles`, { name: "low", permissions: [] }, as),
      201,
    );
    const high = ok(
      await h.dev<Role>(
        "POST",
        `/dev/v1/guilds/${w.guildId}/roles`,
        { name: "high", permissions: [], position: 3 },
        as,
      ),
      201,
    );
    const roles = ok(await h.bot<Role[]>(w.token, "GET", `/v1/guilds/${w.guildId}/roles`));
    expect(roles.map((r) => r.id)).toEqual([high.id, w.botRoleId, low.id, w.everyoneRoleId]);
    expect(roles.at(-1)?.default).toBe(true);
    expect(roles.find((r) => r.id === w.botRoleId)?.managed).toBe(true);
  });
});

describe("members", () => {
  it("pages members in user id order with limit and after", async () => {
    const w = await world({ privileged: true });
    const joined: User[] = [];
    for (let i = 0; i < 5; i++) {
      const user = ok(await h.dev<User>("POST", "/dev/v1/users", { username: `person${i}` }), 201);
      ok(await h.dev("POST", `/dev/v1/guilds/${w.guildId}/members`, { user_id: user.id }), 201);
      joined.push(user);
    }
    const all = ok(await h.bot<Member[]>(w.token, "GET", `/v1/guilds/${w.guildId}/members?limit=1000`));
    const ids = all.map((m) => m.user.id);
    expect(ids).toEqual([...ids].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1)));
    expect(ids).toHaveLength(8);
    expect(all[0]).not.toHaveProperty("communication_disabled_until");

    const first = ok(await h.bot<Member[]>(w.token, "GET", `/v1/guilds/${w.guildId}/members`));
    expect(first).toHaveLength(1);
    const page = ok(
      await h.bot<Member[]>(w.token, "GET", `/v1/guilds/${w.guildId}/members?limit=3&after=${ids[2]}`),
    );
    expect(page.map((m) => m.user.id)).toEqual(ids.slice(3, 6));
    const last = ok(
      await h.bot<Member[]>(w.token, "GET", `/v1/guilds/${w.guildId}/members?limit=10&after=${ids[7]}`),
    );
    expect(last).toEqual([]);
  });

  it.each(["0", "1001", "abc", "1.5"])("refuses limit=%s with invalid_body at limit", async (limit) => {
    const w = await world({ privileged: true });
    const result = await h.bot<ErrorAnswer>(w.token, "GET", `/v1/guilds/${w.guildId}/members?limit=${limit}`);
    expect(result.status).toBe(400);
    expect(result.body.errors?.limit?.[0]).toMatch(/1 to 1000/);
  });

  it("needs members.read, which needs privileged access", async () => {
    const w = await world({ privileged: false });
    for (const path of [`/v1/guilds/${w.guildId}/members`, `/v1/guilds/${w.guildId}/members/${w.owner.id}`]) {
      const result = await h.bot<ErrorAnswer>(w.token, "GET", path);
      expect(result.status).toBe(403);
      expect(result.body).toMatchObject({ code: "missing_scope", scope: "members.read" });
    }
    ok(await h.dev("PATCH", `/dev/v1/apps/${w.appId}`, { privileged_intents: ["guild_members"] }));
    expect((await h.bot(w.token, "GET", `/v1/guilds/${w.guildId}/members`)).status).toBe(200);
  });

  it("answers one member, or unknown_member", async () => {
    const w = await world({ privileged: true });
    const member = ok(await h.bot<Member>(w.token, "GET", `/v1/guilds/${w.guildId}/members/${w.member.id}`));
    expect(member).toEqual({ user: w.member, nickname: null, joined_at: h.clock.now(), roles: [] });
    const stranger = ok(await h.dev<User>("POST", "/dev/v1/users", { username: "stranger" }), 201);
    const missing = await h.bot<ErrorAnswer>(
      w.token,
      "GET",
      `/v1/guilds/${w.guildId}/members/${stranger.id}`,
    );
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe("unknown_member");
  });
});
