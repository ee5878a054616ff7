import type { Role, User } from "@chatbot/protocol";
import { afterEach, describe, expect, it } from "vitest";
import type { ServerChange } from "../src/kernel/changes/server-change.js";
import { type ErrorAnswer, type Harness, ok, setupWorld, startHarness, type TestWorld } from "./harness.js";

let h: Harness;
afterEach(() => h.close());

interface Setup extends TestWorld {
  mod: User;
  modRole: Role;
  target: User;
}

/** An owner, a moderator (role with kick/ban/moderate/nicknames at position 2), a target member. */
async function setup(): Promise<Setup> {
  h = await startHarness();
  const w = await setupWorld(h);
  const as = { as: w.owner.id };
  const mod = ok(await h.dev<User>("POST", "/dev/v1/users", { username: "mod" }), 201);
  ok(await h.dev("POST", `/dev/v1/guilds/${w.guildId}/members`, { user_id: mod.id }), 201);
  const modRole = ok(
    await h.dev<Role>(
      "POST",
      `/dev/v1/guilds/${w.guildId}/roles`,
      {
        name: "mods",
        permissions: ["kick_members", "ban_members", "moderate_members", "manage_nicknames", "manage_roles"],
        position: 5,
      },
      as,
    ),
    201,
  );
  ok(await h.dev("PATCH", `/dev/v1/guilds/${w.guildId}/members/${mod.id}`, { roles: [modRole.id] }, as));
  return { ...w, mod, modRole, target: w.member };
}

const member = (s: Setup, userId: string) => `/dev/v1/guilds/${s.guildId}/members/${userId}`;

describe("kicks, bans and leaving", () => {
  it("kicks with kick_members above the target; records the audit log", async () => {
    const s = await setup();
    const plain = await h.dev<ErrorAnswer>(
      "DELETE",
      member(s, s.mod.id),
      { action: "kick" },
      { as: s.target.id },
    );
    expect(plain.body).toMatchObject({ code: "missing_permission", permission: "kick_members" });
    const owner = await h.dev<ErrorAnswer>(
      "DELETE",
      member(s, s.owner.id),
      { action: "kick" },
      { as: s.mod.id },
    );
    expect(owner.status).toBe(403);
    expect(
      (await h.dev("DELETE", member(s, s.target.id), { action: "kick", reason: "spam" }, { as: s.mod.id }))
        .status,
    ).toBe(204);
    const log = ok(
      await h.dev<Array<{ action: string; target_id: string; reason: string; user_id: string }>>(
        "GET",
        `/dev/v1/guilds/${s.guildId}/audit-log`,
      ),
    );
    expect(log[0]).toMatchObject({
      action: "member_kick",
      target_id: s.target.id,
      reason: "spam",
      user_id: s.mod.id,
    });
    expect(
      (await h.dev<ErrorAnswer>("DELETE", member(s, s.target.id), { action: "kick" }, { as: s.mod.id })).body
        .code,
    ).toBe("unknown_member");
  });

  it("refuses to act on a member whose highest role is not below the actor's", async () => {
    const s = await setup();
    ok(await h.dev("PATCH", member(s, s.target.id), { roles: [s.modRole.id] }, { as: s.owner.id }));
    const result = await h.dev<ErrorAnswer>(
      "DELETE",
      member(s, s.target.id),
      { action: "ban" },
      { as: s.mod.id },
    );
    expect(result.status).toBe(403);
    expect(result.body.permission).toBe("ban_members");
  });

  it("bans (members or not), keeps them out, and unbans", async () => {
    const s = await setup();
    expect((await h.dev("DELETE", member(s, s.target.id), { action: "ban" }, { as: s.mod.id })).status).toBe(
      204,
    );
    const rejoin = await h.dev<ErrorAnswer>("POST", `/dev/v1/guilds/${s.guildId}/members`, {
      user_id: s.target.id,
    });
    expect(rejoin.status).toBe(409);
    const unban = `/dev/v1/guilds/${s.guildId}/bans/${s.target.id}`;
    expect((await h.dev<ErrorAnswer>("DELETE", unban, undefined, { as: s.target.id })).status).toBe(404);
    expect((await h.dev("DELETE", unban, undefined, { as: s.mod.id })).status).toBe(204);
    expect((await h.dev<ErrorAnswer>("DELETE", unban, undefined, { as: s.mod.id })).body.code).toBe(
      "unknown_ban",
    );
    expect(
      (await h.dev("POST", `/dev/v1/guilds/${s.guildId}/members`, { user_id: s.target.id })).status,
    ).toBe(201);
  });

  it("lets members leave, but not the owner", async () => {
    const s = await setup();
    expect((await h.dev("DELETE", member(s, s.target.id), { action: "leave" })).status).toBe(204);
    const owner = await h.dev<ErrorAnswer>("DELETE", member(s, s.owner.id), { action: "leave" });
    expect(owner.status).toBe(400);
    expect(owner.body.errors?.action).toEqual(["the owner cannot leave the server"]);
  });

  it("removes an app whose bot is kicked: its token no longer sees the server", async () => {
    const s = await setup();
    const changes: ServerChange[] = [];
    h.server.core.subscribe((c) => changes.push(c));
    expect(
      (await h.dev("DELETE", member(s, s.botUserId), { action: "kick" }, { as: s.owner.id })).status,
    ).toBe(204);
    expect(changes.map((c) => c.type)).toEqual([
      "GUILD_MEMBER_REMOVE",
      "GUILD_ROLE_DELETE",
      "GUILD_ROLE_UPDATE",
      "INSTALL_REMOVE",
      "GUILD_AUDIT_LOG_ENTRY_CREATE",
    ]);
    expect(changes[2]).toMatchObject({ role: { id: s.modRole.id, position: 1 }, before: { position: 2 } });
    expect((await h.bot<ErrorAnswer>(s.token, "GET", `/v1/guilds/${s.guildId}`)).body.code).toBe(
      "unknown_guild",
    );
  });
});

describe("timeouts", () => {
  it("leave a timed-out member only reading, and end on the clock with a member change", async () => {
    const s = await setup();
    const until = h.clock.now() + 60_000;
    const refused = await h.dev<ErrorAnswer>(
      "PATCH",
      member(s, s.target.id),
      { communication_disabled_until: until },
      { as: s.target.id },
    );
    expect(refused.body.permission).toBe("moderate_members");
    const timed = ok(
      await h.dev<{ communication_disabled_until: number }>(
        "PATCH",
        member(s, s.target.id),
        { communication_disabled_until: until },
        { as: s.mod.id },
      ),
    );
    expect(timed.communication_disabled_until).toBe(until);

    const post = () =>
      h.dev<ErrorAnswer>(
        "POST",
        `/dev/v1/channels/${s.general.id}/messages`,
        { content: "hi" },
        { as: s.target.id },
      );
    expect((await post()).body).toMatchObject({ code: "missing_permission", permission: "send_messages" });
    expect(
      (await h.dev("GET", `/dev/v1/channels/${s.general.id}/messages`, undefined, { as: s.target.id }))
        .status,
    ).toBe(200);

    const changes: ServerChange[] = [];
    h.server.core.subscribe((c) => changes.push(c));
    h.clock.advance(59_999);
    expect(changes).toEqual([]);
    h.clock.advance(1);
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({ type: "GUILD_MEMBER_UPDATE", timeout: "ended", guildId: s.guildId });
    expect((await post()).status).toBe(201);
  });

  it("refuse administrators, the past, and more than 28 days", async () => {
    const s = await setup();
    const admin = ok(
      await h.dev<Role>(
        "POST",
        `/dev/v1/guilds/${s.guildId}/roles`,
        { name: "admin", permissions: ["administrator"], position: 1 },
        { as: s.owner.id },
      ),
      201,
    );
    ok(await h.dev("PATCH", member(s, s.target.id), { roles: [admin.id] }, { as: s.owner.id }));
    const onAdmin = await h.dev<ErrorAnswer>(
      "PATCH",
      member(s, s.target.id),
      { communication_disabled_until: h.clock.now() + 1000 },
      { as: s.mod.id },
    );
    expect(onAdmin.status).toBe(403);
    ok(await h.dev("PATCH", member(s, s.target.id), { roles: [] }, { as: s.owner.id }));
    for (const until of [h.clock.now() - 1, h.clock.now() + 29 * 24 * 3_600_000]) {
      const bad = await h.dev<ErrorAnswer>(
        "PATCH",
        member(s, s.target.id),
        { communication_disabled_until: until },
        { as: s.mod.id },
      );
      expect(bad.status).toBe(400);
      expect(bad.body.errors?.communication_disabled_until).toBeDefined();
    }
  });
});

describe("nicknames and roles of members", () => {
  it("renames oneself with change_nickname and others only from above", async () => {
    const s = await setup();
    const self = ok(
      await h.dev<{ nickname: string }>(
        "PATCH",
        member(s, s.target.id),
        { nickname: "me" },
        { as: s.target.id },
      ),
    );
    expect(self.nickname).toBe("me");
    const other = await h.dev<ErrorAnswer>(
      "PATCH",
      member(s, s.mod.id),
      { nickname: "x" },
      { as: s.target.id },
    );
    expect(other.body.permission).toBe("manage_nicknames");
    expect(
      ok(
        await h.dev<{ nickname: string }>(
          "PATCH",
          member(s, s.target.id),
          { nickname: "renamed" },
          { as: s.mod.id },
        ),
      ).nickname,
    ).toBe("renamed");
  });

  it("gives only roles below the actor's highest, never managed or everyone roles", async () => {
    const s = await setup();
    const high = ok(
      await h.dev<Role>(
        "POST",
        `/dev/v1/guilds/${s.guildId}/roles`,
        { name: "high", permissions: [], position: 9 },
        { as: s.owner.id },
      ),
      201,
    );
    const low = ok(
      await h.dev<Role>(
        "POST",
        `/dev/v1/guilds/${s.guildId}/roles`,
        { name: "low", permissions: [] },
        { as: s.owner.id },
      ),
      201,
    );
    expect(
      (await h.dev<ErrorAnswer>("PATCH", member(s, s.target.id), { roles: [high.id] }, { as: s.mod.id }))
        .status,
    ).toBe(403);
    expect(
      ok(
        await h.dev<{ roles: string[] }>(
          "PATCH",
          member(s, s.target.id),
          { roles: [low.id] },
          { as: s.mod.id },
        ),
      ).roles,
    ).toEqual([low.id]);
    const managed = await h.dev<ErrorAnswer>(
      "PATCH",
      member(s, s.target.id),
      { roles: [s.botRoleId] },
      { as: s.owner.id },
    );
    expect(managed.body.errors?.["roles.0"]).toEqual(["a managed role belongs to its app's install"]);
    const everyone = await h.dev<ErrorAnswer>(
      "PATCH",
      member(s, s.target.id),
      { roles: [s.everyoneRoleId] },
      { as: s.owner.id },
    );
    expect(everyone.status).toBe(400);
    const log = ok(
      await h.dev<Array<{ action: string; changes: unknown[] }>>(
        "GET",
        `/dev/v1/guilds/${s.guildId}/audit-log?limit=1`,
      ),
    );
    expect(log[0]).toMatchObject({
      action: "member_role_update",
      changes: [{ key: "$add", new_value: [low.id] }],
    });
  });
});
