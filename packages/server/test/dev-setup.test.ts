import type { Channel, User } from "@chatbot/protocol";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type ErrorAnswer, type Harness, ok, startHarness } from "./harness.js";

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(() => h.close());

interface DevMember {
  user: User;
  guild_id: string;
  nickname: string | null;
  roles: string[];
  communication_disabled_until: number | null;
}

describe("people and apps", () => {
  it("creates a person; usernames are unique", async () => {
    const user = await h.dev<User>("POST", "/dev/v1/users", { username: "ada", name: "Ada" });
    expect(user.status).toBe(201);
    expect(user.body).toEqual({
      id: expect.any(String),
      username: "ada",
      name: "Ada",
      avatar_id: null,
      bot: false,
    });
    const again = await h.dev<ErrorAnswer>("POST", "/dev/v1/users", { username: "ada" });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("conflict");
  });

  it("refuses unknown keys and bad fields by name", async () => {
    const result = await h.dev<ErrorAnswer>("POST", "/dev/v1/users", { username: "Bad Name", nickname: "x" });
    expect(result.status).toBe(400);
    expect(result.body.code).toBe("invalid_body");
    expect(Object.keys(result.body.errors ?? {}).sort()).toEqual(["nickname", "username"]);
  });

  it("creates an app with its bot and a token shown once, and changes its settings", async () => {
    const owner = ok(await h.dev<User>("POST", "/dev/v1/users", { username: "maker" }), 201);
    const created = await h.dev<{ application: Record<string, unknown>; bot_user: User; token: string }>(
      "POST",
      "/dev/v1/apps",
      {
        name: "Bot",
        description: "does things",
        owner_id: owner.id,
      },
    );
    expect(created.status).toBe(201);
    const { application, bot_user, token } = created.body;
    expect(application).toMatchObject({
      name: "Bot",
      description: "does things",
      review_state: "unreviewed",
      enabled: true,
    });
    expect(bot_user).toEqual({
      id: application.bot_user_id,
      username: `app_${application.id}`,
      name: "Bot",
      avatar_id: null,
      bot: true,
    });
    expect(token.length).toBeGreaterThan(20);
    const patched = ok(
      await h.dev<Record<string, unknown>>("PATCH", `/dev/v1/apps/${application.id}`, {
        review_state: "approved",
        privileged_intents: ["guild_members"],
      }),
    );
    expect(patched).toMatchObject({ review_state: "approved", privileged_intents: ["guild_members"] });
    expect((await h.dev<ErrorAnswer>("PATCH", "/dev/v1/apps/404", { enabled: false })).body.code).toBe(
      "unknown_application",
    );
    expect(
      (await h.dev<ErrorAnswer>("POST", "/dev/v1/apps", { name: "x", owner_id: "1" })).body.errors?.owner_id,
    ).toEqual(["no such person"]);
  });
});

describe("servers and members", () => {
  it("creates a server with its everyone role, the owner as member and #general", async () => {
    const owner = ok(await h.dev<User>("POST", "/dev/v1/users", { username: "owner" }), 201);
    const guild = await h.dev<{
      id: string;
      name: string;
      owner_id: string;
      everyone_role_id: string;
      channels: Channel[];
    }>("POST", "/dev/v1/guilds", { name: "Home", owner_id: owner.id });
    expect(guild.status).toBe(201);
    expect(guild.body).toMatchObject({ name: "Home", owner_id: owner.id });
    expect(guild.body.channels).toHaveLength(1);
    expect(guild.body.channels[0]).toMatchObject({ name: "general", kind: "text", guild_id: guild.body.id });
    const members = ok(await h.dev<DevMember[]>("GET", `/dev/v1/guilds/${guild.body.id}/members?limit=10`));
    expect(members.map((m) => m.user.id)).toEqual([owner.id]);
  });

  it("lets people join once, and answers who acts for missing or wrong X-Dev-User", async () => {
    const owner = ok(await h.dev<User>("POST", "/dev/v1/users", { username: "owner" }), 201);
    const joiner = ok(await h.dev<User>("POST", "/dev/v1/users", { username: "joiner" }), 201);
    const guild = ok(
      await h.dev<{ id: string }>("POST", "/dev/v1/guilds", { name: "G", owner_id: owner.id }),
      201,
    );
    const joined = await h.dev<DevMember>("POST", `/dev/v1/guilds/${guild.id}/members`, {
      user_id: joiner.id,
    });
    expect(joined.status).toBe(201);
    expect(joined.body).toMatchObject({
      user: joiner,
      nickname: null,
      roles: [],
      communication_disabled_until: null,
    });
    expect(
      (await h.dev<ErrorAnswer>("POST", `/dev/v1/guilds/${guild.id}/members`, { user_id: joiner.id })).status,
    ).toBe(409);

    // A JSON array where an object belongs is a bad body, not an empty patch.
    const array = await h.dev<ErrorAnswer>("PATCH", `/dev/v1/guilds/${guild.id}`, [], { as: owner.id });
    expect(array.status).toBe(400);
    expect(array.body.errors).toEqual({ body: ["expected an object"] });
    const missing = await h.dev<ErrorAnswer>("PATCH", `/dev/v1/guilds/${guild.id}`, { name: "x" });
    expect(missing.status).toBe(400);
    expect(missing.body.errors?.["X-Dev-User"]).toBeDefined();
    const unknown = await h.dev<ErrorAnswer>(
      "PATCH",
      `/dev/v1/guilds/${guild.id}`,
      { name: "x" },
      { as: "123" },
    );
    expect(unknown.body.code).toBe("unknown_user");
    const notMember = ok(await h.dev<User>("POST", "/dev/v1/users", { username: "outsider" }), 201);
    const hidden = await h.dev<ErrorAnswer>(
      "PATCH",
      `/dev/v1/guilds/${guild.id}`,
      { name: "x" },
      { as: notMember.id },
    );
    expect(hidden.status).toBe(404);
    expect(hidden.body.code).toBe("unknown_guild");
    const refused = await h.dev<ErrorAnswer>(
      "PATCH",
      `/dev/v1/guilds/${guild.id}`,
      { name: "x" },
      { as: joiner.id },
    );
    expect(refused.body).toMatchObject({ code: "missing_permission", permission: "manage_guild" });
    const renamed = ok(
      await h.dev<{ name: string }>(
        "PATCH",
        `/dev/v1/guilds/${guild.id}`,
        { name: "Renamed", description: "d" },
        { as: owner.id },
      ),
    );
    expect(renamed).toMatchObject({ name: "Renamed", description: "d" });
  });

  it("installs and removes an app: bot member, managed role, audit log", async () => {
    const owner = ok(await h.dev<User>("POST", "/dev/v1/users", { username: "owner" }), 201);
    const app = ok(
      await h.dev<{ application: { id: string; bot_user_id: string } }>("POST", "/dev/v1/apps", {
        name: "Bot",
      }),
      201,
    );
    const guild = ok(
      await h.dev<{ id: string }>("POST", "/dev/v1/guilds", { name: "G", owner_id: owner.id }),
      201,
    );
    const body = {
      application_id: app.application.id,
      scopes: ["messages.read"],
      intents: ["guilds"],
      permissions: ["send_messages"],
    };
    const install = await h.dev<{ role_id: string; scopes: string[]; intents: string[] }>(
      "POST",
      `/dev/v1/guilds/${guild.id}/installs`,
      body,
      { as: owner.id },
    );
    expect(install.status).toBe(201);
    expect(install.body).toEqual({
      guild_id: guild.id,
      application_id: app.application.id,
      scopes: ["messages.read"],
      intents: ["guilds"],
      role_id: expect.any(String),
    });
    expect((await h.dev("POST", `/dev/v1/guilds/${guild.id}/installs`, body, { as: owner.id })).status).toBe(
      409,
    );
    const members = ok(await h.dev<DevMember[]>("GET", `/dev/v1/guilds/${guild.id}/members?limit=10`));
    const bot = members.find((m) => m.user.id === app.application.bot_user_id);
    expect(bot?.roles).toEqual([install.body.role_id]);
    const log = ok(
      await h.dev<Array<{ action: string; action_type: number }>>(
        "GET",
        `/dev/v1/guilds/${guild.id}/audit-log`,
      ),
    );
    expect(log.slice(0, 2).map((e) => [e.action_type, e.action])).toEqual([
      [80, "integration_create"],
      [28, "bot_add"],
    ]);
    expect(
      (
        await h.dev("DELETE", `/dev/v1/guilds/${guild.id}/installs/${app.application.id}`, undefined, {
          as: owner.id,
        })
      ).status,
    ).toBe(204);
    const after = ok(await h.dev<DevMember[]>("GET", `/dev/v1/guilds/${guild.id}/members?limit=10`));
    expect(after.map((m) => m.user.id)).toEqual([owner.id]);
    const world = ok(
      await h.dev<{ roles: Array<{ managed: boolean }>; installs: unknown[] }>("GET", "/dev/v1/world"),
    );
    expect(world.installs).toEqual([]);
    expect(world.roles.some((r) => r.managed)).toBe(false);
    expect(
      ok(await h.dev<Array<{ action: string }>>("GET", `/dev/v1/guilds/${guild.id}/audit-log?limit=1`))[0]
        ?.action,
    ).toBe("integration_delete");
  });
});
