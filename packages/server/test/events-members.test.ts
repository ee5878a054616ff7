import type { AuditLogEntry } from "@chatbot/protocol";
import { afterEach, describe, expect, it } from "vitest";
import {
  type EventWorld,
  eventWorld,
  GatewayHarness,
  type InstallOptions,
  payloadOf,
} from "./gateway-harness.js";

let h: GatewayHarness;
afterEach(() => h.close());

async function world(options: InstallOptions & { privileged?: boolean }): Promise<EventWorld> {
  h = await GatewayHarness.start();
  return eventWorld(h, options);
}

const MEMBER_AND_MOD = ["guild_members", "guild_moderation"] as const;

describe("member events", () => {
  it("sends GUILD_MEMBER_ADD, _UPDATE and _REMOVE with guild_members only where privileged access holds", async () => {
    const w = await world({ privileged: true });
    const { client } = await h.connect(w.app.token, ["guild_members"]);
    const newcomer = await h.person("newcomer");
    await h.dev("POST", `/guilds/${w.guild.id}/members`, { user_id: newcomer.id });
    await h.dev("PATCH", `/guilds/${w.guild.id}/members/${newcomer.id}`, { nickname: "Newt" }, w.ownerId);
    await h.dev("DELETE", `/guilds/${w.guild.id}/members/${newcomer.id}`, { action: "leave" }, newcomer.id);
    const frames = await client.drain();
    expect(frames.map((f) => f.t)).toEqual([
      "GUILD_MEMBER_ADD",
      "GUILD_MEMBER_UPDATE",
      "GUILD_MEMBER_REMOVE",
    ]);
    expect(frames[0]?.d).toEqual({
      user: { id: newcomer.id, username: "newcomer", name: "newcomer", avatar_id: null, bot: false },
      nickname: null,
      joined_at: h.clock.now(),
      roles: [],
      guild_id: w.guild.id,
    });
    expect(frames[1]?.d).toMatchObject({ nickname: "Newt", guild_id: w.guild.id });
    expect(frames[1]?.d).not.toHaveProperty("communication_disabled_until");
    expect(frames[2]?.d).toEqual({
      guild_id: w.guild.id,
      user: expect.objectContaining({ id: newcomer.id }),
    });

    const unprivileged = await h.app("Plain");
    await h.install(w.guild.id, unprivileged.id, w.ownerId);
    const plain = await h.connect(unprivileged.token, ["guild_members"]);
    expect(payloadOf<{ intents: string[] }>(plain.guilds[0]).intents).toEqual([]);
    await h.dev("POST", `/guilds/${w.guild.id}/members`, { user_id: newcomer.id });
    expect(await plain.client.drainTypes()).toEqual([]);
  });

  it("sends a timeout only with moderation access, with communication_disabled_until", async () => {
    const w = await world({ privileged: true, permissions: ["view_channels", "view_audit_log"] });
    const other = await h.app("NoMod", ["guild_members"]);
    await h.install(w.guild.id, other.id, w.ownerId);
    const mod = await h.connect(w.app.token, [...MEMBER_AND_MOD]);
    const plain = await h.connect(other.token, ["guild_members"]);

    const until = h.clock.now() + 30_000;
    await h.dev(
      "PATCH",
      `/guilds/${w.guild.id}/members/${w.memberId}`,
      { communication_disabled_until: until },
      w.ownerId,
    );
    const started = await mod.client.drain();
    expect(started.map((f) => f.t)).toEqual(["GUILD_MEMBER_UPDATE", "GUILD_AUDIT_LOG_ENTRY_CREATE"]);
    expect(started[0]?.d).toMatchObject({ communication_disabled_until: until });
    expect(await plain.client.drainTypes()).toEqual([]);

    // A nickname change together with a new timeout end: the plain bot sees the nickname only.
    await h.dev(
      "PATCH",
      `/guilds/${w.guild.id}/members/${w.memberId}`,
      { nickname: "Quiet", communication_disabled_until: until + 1_000 },
      w.ownerId,
    );
    const [both] = await plain.client.drain();
    expect(both).toMatchObject({ t: "GUILD_MEMBER_UPDATE", d: { nickname: "Quiet" } });
    expect(both?.d).not.toHaveProperty("communication_disabled_until");
    expect((await mod.client.drain())[0]?.d).toMatchObject({ communication_disabled_until: until + 1_000 });

    // The end of the timeout is a deadline on the server's clock.
    await h.advance(31_000);
    expect(await mod.client.drain()).toMatchObject([
      { t: "GUILD_MEMBER_UPDATE", d: { user: { id: w.memberId }, communication_disabled_until: null } },
    ]);
    expect(await plain.client.drainTypes()).toEqual([]);
  });

  it("sends bans and audit log entries only with guild_moderation and View audit log", async () => {
    const w = await world({ privileged: true, permissions: ["view_channels", "view_audit_log"] });
    const other = await h.app("NoPermission", ["guild_members"]);
    await h.install(w.guild.id, other.id, w.ownerId, { permissions: ["view_channels"] });
    const mod = await h.connect(w.app.token, [...MEMBER_AND_MOD]);
    const noPermission = await h.connect(other.token, [...MEMBER_AND_MOD]);

    await h.dev(
      "DELETE",
      `/guilds/${w.guild.id}/members/${w.memberId}`,
      { action: "ban", reason: "spam" },
      w.ownerId,
    );
    const banned = await mod.client.drain();
    expect(banned.map((f) => f.t)).toEqual([
      "GUILD_MEMBER_REMOVE",
      "GUILD_BAN_ADD",
      "GUILD_AUDIT_LOG_ENTRY_CREATE",
    ]);
    expect(banned[1]?.d).toEqual({ guild_id: w.guild.id, user: expect.objectContaining({ id: w.memberId }) });
    const entry = banned[2]?.d as AuditLogEntry;
    expect(entry).toMatchObject({
      guild_id: w.guild.id,
      action_type: 22,
      action: "member_ban_add",
      user_id: w.ownerId,
      target_id: w.memberId,
      reason: "spam",
    });
    // Without View audit log a ban looks like any leave.
    expect(await noPermission.client.drainTypes()).toEqual(["GUILD_MEMBER_REMOVE"]);

    await h.dev("DELETE", `/guilds/${w.guild.id}/bans/${w.memberId}`, undefined, w.ownerId);
    expect(await mod.client.drainTypes()).toEqual(["GUILD_BAN_REMOVE", "GUILD_AUDIT_LOG_ENTRY_CREATE"]);
    expect(await noPermission.client.drainTypes()).toEqual([]);
  });

  it("makes a kick look like a leave without moderation access, and checks access at each event", async () => {
    const w = await world({ privileged: true });
    const mods = await h.dev<{ id: string }>(
      "POST",
      `/guilds/${w.guild.id}/roles`,
      { name: "audit", permissions: ["view_audit_log"] },
      w.ownerId,
    );
    const { client } = await h.connect(w.app.token, [...MEMBER_AND_MOD]);
    const a = await h.person("aaa");
    const b = await h.person("bbb");
    for (const p of [a, b]) await h.dev("POST", `/guilds/${w.guild.id}/members`, { user_id: p.id });
    await h.dev("DELETE", `/guilds/${w.guild.id}/members/${a.id}`, { action: "kick" }, w.ownerId);
    expect(await client.drainTypes()).toEqual([
      "GUILD_MEMBER_ADD",
      "GUILD_MEMBER_ADD",
      "GUILD_MEMBER_REMOVE",
    ]);

    // The bot gets View audit log through a role: the next kick carries its audit log entry.
    await h.dev(
      "PATCH",
      `/guilds/${w.guild.id}/members/${w.app.botUserId}`,
      { roles: [w.roleId, mods.id] },
      w.ownerId,
    );
    const granted = await client.drain();
    expect(granted.map((f) => f.t)).toEqual(["GUILD_MEMBER_UPDATE", "GUILD_AUDIT_LOG_ENTRY_CREATE"]);
    await h.dev("DELETE", `/guilds/${w.guild.id}/members/${b.id}`, { action: "kick" }, w.ownerId);
    const kicked = await client.drain();
    expect(kicked.map((f) => f.t)).toEqual(["GUILD_MEMBER_REMOVE", "GUILD_AUDIT_LOG_ENTRY_CREATE"]);
    expect(kicked[1]?.d).toMatchObject({ action: "member_kick", action_type: 20, target_id: b.id });

    await h.dev("PATCH", `/guilds/${w.guild.id}/roles/${mods.id}`, { permissions: [] }, w.ownerId);
    // The role change itself is not an intent this connection asked for; its audit entry is gone too.
    expect(await client.drainTypes()).toEqual([]);
  });
});
