import { describe, expect, it } from "vitest";
import { ApiError, RestClient, ValidationError } from "../src/index.js";
import { startWorld, useWorld } from "./world.js";

const t = useWorld();

describe("bot and application", () => {
  it("reads the bot user, the app, its servers and the gateway address", async () => {
    const me = await t.rest.getMe();
    expect(me).toMatchObject({ id: t.world.botUserId, bot: true, username: `app_${t.world.appId}` });
    expect((await t.rest.getApplication()).id).toBe(t.world.appId);
    expect((await t.rest.getGuilds()).map((g) => g.id)).toEqual([t.world.guildId]);
    expect(await t.rest.getGatewayUrl()).toBe(t.world.server.gatewayUrl);
    expect(await t.rest.getGateway()).toEqual({ url: t.world.server.gatewayUrl });
  });

  it("answers a wrong token with ApiError unauthorized (401)", async () => {
    const wrong = new RestClient({ token: "not-a-token", baseUrl: t.world.baseUrl });
    const error = await wrong.getMe().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, code: "unauthorized", method: "GET", path: "/v1/users/@me" });
  });

  it("refuses a client without a token, with a base URL that is not http(s), or a bad number", () => {
    expect(() => new RestClient({ token: "", baseUrl: t.world.baseUrl })).toThrow(/token/);
    expect(() => new RestClient({ token: "t", baseUrl: "ftp://x" })).toThrow(/baseUrl/);
    const baseUrl = t.world.baseUrl;
    expect(() => new RestClient({ token: "t", baseUrl, timeout: 0 })).toThrow(
      "timeout must be a whole number from 1 to 2147483647, got 0",
    );
    expect(() => new RestClient({ token: "t", baseUrl, retries: 1.5 })).toThrow(
      /retries must be a whole number/,
    );
  });
});

describe("servers", () => {
  it("reads the snapshot with scopes and intents, the channels and the roles", async () => {
    const guild = await t.rest.getGuild(t.world.guildId);
    expect(guild.id).toBe(t.world.guildId);
    expect(guild.scopes).toContain("members.read");
    expect(guild.intents).toContain("guild_members");
    const channels = await t.rest.getGuildChannels(t.world.guildId);
    expect(channels.map((c) => c.id)).toContain(t.world.channelId);
    const roles = await t.rest.getGuildRoles(t.world.guildId);
    expect(roles.at(-1)?.default).toBe(true);
  });

  it("answers a server the app is not in with unknown_guild (404)", async () => {
    await expect(t.rest.getGuild("1")).rejects.toMatchObject({ status: 404, code: "unknown_guild" });
    await expect(t.rest.getGuildChannels("1")).rejects.toMatchObject({ code: "unknown_guild" });
    await expect(t.rest.getGuildRoles("1")).rejects.toMatchObject({ code: "unknown_guild" });
  });

  it("pages members in user id order, and iterates them all", async () => {
    for (let i = 0; i < 3; i++) {
      const user = await t.world.dev<{ id: string }>("POST", "/users", { username: `extra${i}` });
      await t.world.dev("POST", `/guilds/${t.world.guildId}/members`, { user_id: user.id });
    }
    const all = await t.rest.listMembers(t.world.guildId, { limit: 1_000 });
    expect(all.length).toBe(6); // owner, member, bot, three extras
    const ids = all.map((m) => BigInt(m.user.id));
    expect([...ids].sort((a, b) => (a < b ? -1 : 1))).toEqual(ids);
    const second = await t.rest.listMembers(t.world.guildId, { limit: 2, after: all[1]!.user.id });
    expect(second.map((m) => m.user.id)).toEqual([all[2]!.user.id, all[3]!.user.id]);
    const iterated: string[] = [];
    for await (const member of t.rest.iterateMembers(t.world.guildId, { pageSize: 4 }))
      iterated.push(member.user.id);
    expect(iterated).toEqual(all.map((m) => m.user.id));
    expect((await t.rest.getMember(t.world.guildId, t.world.memberId)).user.id).toBe(t.world.memberId);
  });

  it("refuses a bad member query before sending", async () => {
    const error = await t.rest
      .listMembers(t.world.guildId, { limit: 0, after: "me" })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).errors).toEqual({
      limit: ["must be a whole number from 1 to 1000"],
      after: ["must be an id: a decimal string of up to 20 digits below 2^64"],
    });
  });

  it("answers members without the members.read scope with missing_scope (403)", async () => {
    const other = await startWorld({ scopes: ["messages.read"] });
    try {
      const limited = new RestClient({ token: other.token, baseUrl: other.baseUrl });
      await expect(limited.listMembers(other.guildId)).rejects.toMatchObject({
        status: 403,
        code: "missing_scope",
        body: { scope: "members.read" },
      });
      await expect(limited.getMember(other.guildId, other.memberId)).rejects.toMatchObject({
        code: "missing_scope",
      });
      await expect(limited.getMember(other.guildId, "1")).rejects.toBeInstanceOf(ApiError);
    } finally {
      await other.close();
    }
  });
});
