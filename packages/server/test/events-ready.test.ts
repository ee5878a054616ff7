import type { GuildCreatePayload, Interaction, ReadyPayload } from "@chatbot/protocol";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type EventWorld, eventWorld, GatewayHarness, payloadOf } from "./gateway-harness.js";

let h: GatewayHarness;
let w: EventWorld;
beforeEach(async () => {
  h = await GatewayHarness.start();
  w = await eventWorld(h, {
    intents: ["guilds", "guild_messages", "guild_members", "guild_expressions"],
    scopes: ["commands", "messages.read", "members.read"],
  });
});
afterEach(() => h.close());

describe("READY and GUILD_CREATE", () => {
  it("sends READY (v 1, session, bot user, application, requested intents, servers) then one GUILD_CREATE per server", async () => {
    const second = await h.guild("Second", w.ownerId);
    await h.install(second.id, w.app.id, w.ownerId, { intents: ["guilds"] });
    await h.dev("POST", `/guilds/${w.guild.id}/emojis`, { name: "party" }, w.ownerId);
    const { ready, guilds } = await h.connect(w.app.token, ["guild_messages", "guilds", "guild_reactions"]);
    const d = ready.d as ReadyPayload;
    expect(ready.s).toBe(1);
    expect(d.v).toBe(1);
    expect(d.session_id).toMatch(/^[0-9a-f]{32}$/);
    expect(d.user).toEqual({
      id: w.app.botUserId,
      username: `app_${w.app.id}`,
      name: "Helper",
      avatar_id: null,
      bot: true,
    });
    expect(d.application).toEqual({ id: w.app.id, name: "Helper" });
    expect(d.intents).toEqual(["guild_messages", "guilds", "guild_reactions"]);
    expect(d.guilds).toEqual([
      { id: w.guild.id, unavailable: false },
      { id: second.id, unavailable: false },
    ]);
    expect(guilds.map((g) => [g.t, g.s])).toEqual([
      ["GUILD_CREATE", 2],
      ["GUILD_CREATE", 3],
    ]);
    const first = guilds[0]?.d as GuildCreatePayload;
    expect(first).toMatchObject({ id: w.guild.id, name: "Guild", owner_id: w.ownerId });
    expect(first.channels.map((c) => c.name)).toEqual(["general"]);
    // Requested within the grant: guild_members is privileged and this app has no access to it.
    expect(first.intents).toEqual(["guilds", "guild_messages"]);
    expect(first.scopes).toEqual(["commands", "messages.read"]);
    expect(first.emojis).toMatchObject([{ name: "party", animated: false, available: true }]);
    expect(first.me.roles).toEqual([w.roleId]);
    expect(payloadOf<GuildCreatePayload>(guilds[1]).intents).toEqual(["guilds"]);
  });

  it("numbers every dispatch of a connection with s rising by one", async () => {
    const { client } = await h.connect(w.app.token, ["guilds", "guild_messages"]);
    for (let i = 0; i < 3; i++) {
      await h.dev("POST", `/channels/${w.guild.generalId}/messages`, { content: `m${i}` }, w.memberId);
    }
    await h.dev("PATCH", `/guilds/${w.guild.id}`, { name: "Renamed" }, w.ownerId);
    const frames = await client.drain();
    expect(frames.map((f) => [f.t, f.s])).toEqual([
      ["MESSAGE_CREATE", 3],
      ["MESSAGE_CREATE", 4],
      ["MESSAGE_CREATE", 5],
      ["GUILD_UPDATE", 6],
    ]);
  });

  it("sends GUILD_CREATE when the app is installed while connected, then that server's events", async () => {
    const { client } = await h.connect(w.app.token, ["guilds", "guild_messages"]);
    const other = await h.guild("Other", w.ownerId);
    await h.dev("POST", `/channels/${other.generalId}/messages`, { content: "before" }, w.ownerId);
    expect(await client.drainTypes()).toEqual([]);
    await h.install(other.id, w.app.id, w.ownerId);
    const frames = await client.drain();
    expect(frames.map((f) => f.t)).toEqual(["GUILD_CREATE"]);
    expect(frames[0]?.d).toMatchObject({
      id: other.id,
      name: "Other",
      intents: ["guilds", "guild_messages"],
    });
    await h.dev("POST", `/channels/${other.generalId}/messages`, { content: "after" }, w.ownerId);
    // No message_content requested: the text is withheld.
    expect(await client.drain()).toMatchObject([
      { t: "MESSAGE_CREATE", d: { channel_id: other.generalId, content: "", content_available: false } },
    ]);
  });

  it("sends GUILD_DELETE when the app is uninstalled, then nothing more from that server", async () => {
    const { client } = await h.connect(w.app.token, ["guilds", "guild_messages", "guild_members"]);
    await h.dev("DELETE", `/guilds/${w.guild.id}/installs/${w.app.id}`, undefined, w.ownerId);
    expect(await client.drain()).toMatchObject([{ t: "GUILD_DELETE", d: { id: w.guild.id } }]);
    await h.dev("POST", `/channels/${w.guild.generalId}/messages`, { content: "gone" }, w.ownerId);
    await h.dev("PATCH", `/guilds/${w.guild.id}`, { name: "Renamed" }, w.ownerId);
    await h.advance(1_000);
    expect(await client.drainTypes()).toEqual([]);
  });

  it("sends GUILD_DELETE when the bot is kicked or banned, or the server is deleted", async () => {
    const kick = await h.guild("Kick", w.ownerId);
    const ban = await h.guild("Ban", w.ownerId);
    await h.install(kick.id, w.app.id, w.ownerId);
    await h.install(ban.id, w.app.id, w.ownerId);
    const { client } = await h.connect(w.app.token, ["guilds"]);
    await h.dev("DELETE", `/guilds/${kick.id}/members/${w.app.botUserId}`, { action: "kick" }, w.ownerId);
    await h.dev("DELETE", `/guilds/${ban.id}/members/${w.app.botUserId}`, { action: "ban" }, w.ownerId);
    await h.dev("DELETE", `/guilds/${w.guild.id}`, undefined, w.ownerId);
    expect((await client.drain()).map((f) => [f.t, (f.d as { id: string }).id])).toEqual([
      ["GUILD_DELETE", kick.id],
      ["GUILD_DELETE", ban.id],
      ["GUILD_DELETE", w.guild.id],
    ]);
  });

  it("sends nothing from a server where the app is not installed", async () => {
    const { client } = await h.connect(w.app.token, ["guilds", "guild_messages", "guild_members"]);
    const other = await h.guild("Other", w.ownerId);
    await h.dev("POST", `/guilds/${other.id}/members`, { user_id: w.memberId });
    await h.dev("POST", `/channels/${other.generalId}/messages`, { content: "hi" }, w.memberId);
    await h.dev("POST", `/guilds/${other.id}/roles`, { name: "r", permissions: [] }, w.ownerId);
    await h.dev("PATCH", `/guilds/${other.id}`, { name: "Renamed" }, w.ownerId);
    expect(await client.drainTypes()).toEqual([]);
  });

  it("sends other apps the new bot's GUILD_MEMBER_ADD and role on an install, and not the installed app", async () => {
    const { client } = await h.connect(w.app.token, ["guilds"]);
    const other = await h.app("Other");
    const connected = await h.connect(other.token, ["guilds"]);
    await h.install(w.guild.id, other.id, w.ownerId);
    const types = await client.drainTypes();
    expect(types[0]).toBe("GUILD_ROLE_CREATE");
    expect(types).toContain("GUILD_UPDATE");
    expect(await connected.client.drainTypes()).toEqual(["GUILD_CREATE"]);
  });

  it("delivers what a route hands to runtime.gateway.dispatch (INTERACTION_CREATE) whatever the intents", async () => {
    const interaction: Interaction = {
      id: "9101",
      application_id: w.app.id,
      type: 2,
      guild_id: w.guild.id,
      channel_id: w.guild.generalId,
      user: { id: w.memberId, username: "member", name: "member", avatar_id: null, bot: false },
      member: { nickname: null, roles: [], permissions: ["send_messages"] },
      data: { id: "9201", name: "ping", type: 1, options: [], resolved: {} },
      app_permissions: ["send_messages"],
      created_at: h.clock.now(),
    };
    expect(h.server.gateway.dispatch(w.app.id, "INTERACTION_CREATE", interaction)).toBe(false);
    const { client } = await h.connect(w.app.token, []);
    expect(h.server.gateway.dispatch(w.app.id, "INTERACTION_CREATE", interaction)).toBe(true);
    expect(await client.drain()).toEqual([{ op: "dispatch", t: "INTERACTION_CREATE", s: 3, d: interaction }]);
  });
});
