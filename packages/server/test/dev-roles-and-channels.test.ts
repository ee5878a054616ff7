import type { Channel, Role, User } from "@chatbot/protocol";
import { afterEach, describe, expect, it } from "vitest";
import type { ServerChange } from "../src/kernel/changes/server-change.js";
import { type ErrorAnswer, type Harness, ok, setupWorld, startHarness, type TestWorld } from "./harness.js";

let h: Harness;
afterEach(() => h.close());

async function world(): Promise<TestWorld & { manager: User; managerRole: Role }> {
  h = await startHarness();
  const w = await setupWorld(h);
  const as = { as: w.owner.id };
  const manager = ok(await h.dev<User>("POST", "/dev/v1/users", { username: "manager" }), 201);
  ok(await h.dev("POST", `/dev/v1/guilds/${w.guildId}/members`, { user_id: manager.id }), 201);
  const managerRole = ok(
    await h.dev<Role>(
      "POST",
      `/dev/v1/guilds/${w.guildId}/roles`,
      { name: "managers", permissions: ["manage_roles", "manage_channels"], position: 2 },
      as,
    ),
    201,
  );
  ok(
    await h.dev(
      "PATCH",
      `/dev/v1/guilds/${w.guildId}/members/${manager.id}`,
      { roles: [managerRole.id] },
      as,
    ),
  );
  return { ...w, manager, managerRole };
}

describe("roles", () => {
  it("creates roles below the actor's highest, granting only held permissions", async () => {
    const w = await world();
    const roles = `/dev/v1/guilds/${w.guildId}/roles`;
    const as = { as: w.manager.id };
    const made = await h.dev<Role>(
      "POST",
      roles,
      { name: "helpers", permissions: ["manage_channels"], color: "#00ff00", mentionable: true },
      as,
    );
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      name: "helpers",
      color: "#00ff00",
      position: 1,
      mentionable: true,
      managed: false,
      default: false,
    });
    const grant = await h.dev<ErrorAnswer>("POST", roles, { name: "x", permissions: ["ban_members"] }, as);
    expect(grant.body).toMatchObject({ code: "missing_permission", permission: "ban_members" });
    const above = await h.dev<ErrorAnswer>("POST", roles, { name: "x", permissions: [], position: 10 }, as);
    expect(above.status).toBe(403);
    const member = await h.dev<ErrorAnswer>(
      "POST",
      roles,
      { name: "x", permissions: [] },
      { as: w.member.id },
    );
    expect(member.body.permission).toBe("manage_roles");
    const bad = await h.dev<ErrorAnswer>("POST", roles, { name: "", permissions: ["fly"] }, as);
    expect(Object.keys(bad.body.errors ?? {}).sort()).toEqual(["name", "permissions.0"]);
  });

  it("edits and deletes roles below the actor, never the managed role, and keeps the everyone role's place", async () => {
    const w = await world();
    const as = { as: w.manager.id };
    const low = ok(
      await h.dev<Role>("POST", `/dev/v1/guilds/${w.guildId}/roles`, { name: "low", permissions: [] }, as),
      201,
    );
    const renamed = ok(
      await h.dev<Role>(
        "PATCH",
        `/dev/v1/guilds/${w.guildId}/roles/${low.id}`,
        { name: "renamed", hoist: true },
        as,
      ),
    );
    expect(renamed).toMatchObject({ name: "renamed", hoist: true });
    const own = await h.dev<ErrorAnswer>(
      "PATCH",
      `/dev/v1/guilds/${w.guildId}/roles/${w.managerRole.id}`,
      { name: "mine" },
      as,
    );
    expect(own.status).toBe(403);
    const managed = await h.dev<ErrorAnswer>(
      "DELETE",
      `/dev/v1/guilds/${w.guildId}/roles/${w.botRoleId}`,
      undefined,
      { as: w.owner.id },
    );
    expect(managed.status).toBe(403);
    const everyone = await h.dev<ErrorAnswer>(
      "PATCH",
      `/dev/v1/guilds/${w.guildId}/roles/${w.everyoneRoleId}`,
      { name: "all" },
      as,
    );
    expect(everyone.body.errors?.name).toEqual(["the everyone role cannot be renamed"]);
    const perms = ok(
      await h.dev<Role>(
        "PATCH",
        `/dev/v1/guilds/${w.guildId}/roles/${w.everyoneRoleId}`,
        { permissions: ["view_channels"] },
        as,
      ),
    );
    expect(perms.permissions).toEqual(["view_channels"]);
    expect((await h.dev("DELETE", `/dev/v1/guilds/${w.guildId}/roles/${low.id}`, undefined, as)).status).toBe(
      204,
    );
    expect(
      (await h.dev<ErrorAnswer>("DELETE", `/dev/v1/guilds/${w.guildId}/roles/${low.id}`, undefined, as)).body
        .code,
    ).toBe("unknown_role");
  });

  it("reorders roles, sending one update per role", async () => {
    const w = await world();
    const as = { as: w.owner.id };
    const a = ok(
      await h.dev<Role>("POST", `/dev/v1/guilds/${w.guildId}/roles`, { name: "a", permissions: [] }, as),
      201,
    );
    const changes: ServerChange[] = [];
    h.server.core.subscribe((c) => changes.push(c));
    const result = ok(
      await h.dev<Role[]>("PATCH", `/dev/v1/guilds/${w.guildId}/roles`, [{ id: a.id, position: 3 }], as),
    );
    expect(result.map((r) => r.name)).toEqual(["a", "managers", "Helper", "@everyone"]);
    const updates = changes.filter((c) => c.type === "GUILD_ROLE_UPDATE");
    expect(updates).toHaveLength(3);
    const refused = await h.dev<ErrorAnswer>(
      "PATCH",
      `/dev/v1/guilds/${w.guildId}/roles`,
      [{ id: a.id, position: 1 }],
      { as: w.manager.id },
    );
    expect(refused.status).toBe(403);
  });
});

describe("channels and categories", () => {
  it("creates, edits and deletes channels with manage_channels; overwrites also need manage_roles", async () => {
    const w = await world();
    const as = { as: w.manager.id };
    const category = ok(
      await h.dev<{ id: string; name: string; position: number }>(
        "POST",
        `/dev/v1/guilds/${w.guildId}/categories`,
        { name: "Talk" },
        as,
      ),
      201,
    );
    expect(category).toMatchObject({ name: "Talk", position: 0 });
    const made = await h.dev<Channel & { overwrites: unknown[] }>(
      "POST",
      `/dev/v1/guilds/${w.guildId}/channels`,
      {
        name: "news",
        kind: "announcement",
        topic: "t",
        category_id: category.id,
        slowmode_seconds: 5,
        overwrites: [{ id: w.member.id, type: "member", deny: ["send_messages"] }],
      },
      as,
    );
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      name: "news",
      kind: "announcement",
      topic: "t",
      category_id: category.id,
      slowmode_seconds: 5,
    });
    expect(made.body.overwrites).toEqual([
      { id: w.member.id, type: "member", allow: [], deny: ["send_messages"] },
    ]);
    const denied = await h.dev<ErrorAnswer>(
      "POST",
      `/dev/v1/channels/${made.body.id}/messages`,
      { content: "x" },
      { as: w.member.id },
    );
    expect(denied.body.permission).toBe("send_messages");

    const byMember = await h.dev<ErrorAnswer>(
      "PATCH",
      `/dev/v1/channels/${made.body.id}`,
      { name: "x" },
      { as: w.member.id },
    );
    expect(byMember.body.permission).toBe("manage_channels");
    const toVoice = await h.dev<ErrorAnswer>(
      "PATCH",
      `/dev/v1/channels/${made.body.id}`,
      { kind: "voice" },
      as,
    );
    expect(toVoice.status).toBe(400);
    const badRef = await h.dev<ErrorAnswer>(
      "PATCH",
      `/dev/v1/channels/${made.body.id}`,
      { overwrites: [{ id: "999", type: "role" }] },
      as,
    );
    expect(badRef.body.errors?.["overwrites.0.id"]).toEqual(["no such role in this server"]);
    const edited = ok(
      await h.dev<Channel>("PATCH", `/dev/v1/channels/${made.body.id}`, { name: "updates", topic: null }, as),
    );
    expect(edited).toMatchObject({ name: "updates", topic: null });
    expect((await h.dev("DELETE", `/dev/v1/channels/${made.body.id}`, undefined, as)).status).toBe(204);
    expect(
      (await h.dev<ErrorAnswer>("DELETE", `/dev/v1/channels/${made.body.id}`, undefined, as)).body.code,
    ).toBe("unknown_channel");
    const actions = ok(
      await h.dev<Array<{ action: string }>>("GET", `/dev/v1/guilds/${w.guildId}/audit-log?limit=3`),
    ).map((e) => e.action);
    expect(actions).toEqual(["channel_delete", "channel_update", "channel_create"]);
  });

  it("sends CHANNEL_UPDATE carrying the channel as it was", async () => {
    const w = await world();
    const changes: ServerChange[] = [];
    h.server.core.subscribe((c) => changes.push(c));
    ok(
      await h.dev(
        "PATCH",
        `/dev/v1/channels/${w.general.id}`,
        { overwrites: [{ id: w.everyoneRoleId, type: "role", deny: ["view_channels"] }] },
        { as: w.owner.id },
      ),
    );
    const update = changes.find((c) => c.type === "CHANNEL_UPDATE");
    expect(update).toMatchObject({
      before: { overwrites: [] },
      channel: { overwrites: [{ id: w.everyoneRoleId }] },
    });
    if (update?.type !== "CHANNEL_UPDATE") throw new Error("no CHANNEL_UPDATE");
    expect(h.server.core.engine.canView(update.before, w.botUserId)).toBe(true);
    expect(h.server.core.engine.canView(update.channel, w.botUserId)).toBe(false);
  });
});

describe("emojis and server deletion", () => {
  it("adds, renames and deletes emojis with manage_guild, each sending the whole list", async () => {
    const w = await world();
    const as = { as: w.owner.id };
    const changes: ServerChange[] = [];
    h.server.core.subscribe((c) => changes.push(c));
    const emoji = ok(
      await h.dev<{ id: string; name: string; image_id: string }>(
        "POST",
        `/dev/v1/guilds/${w.guildId}/emojis`,
        { name: "wave" },
        as,
      ),
      201,
    );
    expect(emoji).toEqual({
      id: emoji.id,
      name: "wave",
      animated: false,
      available: true,
      image_id: emoji.id,
    });
    expect(
      (await h.dev<ErrorAnswer>("POST", `/dev/v1/guilds/${w.guildId}/emojis`, { name: "w" }, as)).status,
    ).toBe(400);
    expect(
      (
        await h.dev<ErrorAnswer>(
          "POST",
          `/dev/v1/guilds/${w.guildId}/emojis`,
          { name: "nope" },
          { as: w.member.id },
        )
      ).status,
    ).toBe(403);
    ok(await h.dev("PATCH", `/dev/v1/guilds/${w.guildId}/emojis/${emoji.id}`, { name: "hello" }, as));
    expect(
      (await h.dev("DELETE", `/dev/v1/guilds/${w.guildId}/emojis/${emoji.id}`, undefined, as)).status,
    ).toBe(204);
    const lists = changes
      .filter((c) => c.type === "GUILD_EMOJIS_UPDATE")
      .map((c) => (c.type === "GUILD_EMOJIS_UPDATE" ? c.emojis.map((e) => e.name) : []));
    expect(lists).toEqual([["wave"], ["hello"], []]);
  });

  it("deletes a server only as its owner, telling installed apps", async () => {
    const w = await world();
    expect(
      (await h.dev<ErrorAnswer>("DELETE", `/dev/v1/guilds/${w.guildId}`, undefined, { as: w.manager.id }))
        .status,
    ).toBe(403);
    const changes: ServerChange[] = [];
    h.server.core.subscribe((c) => changes.push(c));
    expect((await h.dev("DELETE", `/dev/v1/guilds/${w.guildId}`, undefined, { as: w.owner.id })).status).toBe(
      204,
    );
    expect(changes.map((c) => c.type)).toEqual(["GUILD_DELETE"]);
    expect(changes[0]).toMatchObject({ installs: [{ application_id: w.appId }] });
    const dump = ok(
      await h.dev<{ guilds: unknown[]; channels: unknown[]; members: unknown[]; roles: unknown[] }>(
        "GET",
        "/dev/v1/world",
      ),
    );
    expect([dump.guilds, dump.channels, dump.members, dump.roles]).toEqual([[], [], [], []]);
  });
});
