import type { Application, GuildListEntry, User } from "@chatbot/protocol";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type ErrorAnswer, type Harness, ok, setupWorld, startHarness, type TestWorld } from "./harness.js";

let h: Harness;
let w: TestWorld;

beforeEach(async () => {
  h = await startHarness();
  w = await setupWorld(h);
});
afterEach(() => h.close());

async function rawGet(path: string, authorization?: string) {
  const response = await fetch(h.server.baseUrl + path, authorization ? { headers: { authorization } } : {});
  return { status: response.status, body: (await response.json()) as ErrorAnswer };
}

describe("bot token", () => {
  it.each([
    { name: "no header", header: undefined },
    { name: "the Bearer scheme", header: "Bearer TOKEN" },
    { name: "an unknown token", header: "Bot not-a-token" },
    { name: "an empty token", header: "Bot " },
  ])("answers 401 unauthorized for $name", async ({ header }) => {
    const result = await rawGet(
      "/v1/users/@me",
      header === undefined ? undefined : header.replace("TOKEN", w.token),
    );
    expect(result.status).toBe(401);
    expect(result.body.code).toBe("unauthorized");
    expect(typeof result.body.message).toBe("string");
  });

  it("stops working at once when the token is reset, and the new one works", async () => {
    const { token } = ok(await h.dev<{ token: string }>("POST", `/dev/v1/apps/${w.appId}/token`));
    expect((await h.bot(w.token, "GET", "/v1/users/@me")).status).toBe(401);
    expect((await h.bot(token, "GET", "/v1/users/@me")).status).toBe(200);
  });

  it("stops working while the app is switched off, and when it is deleted", async () => {
    ok(await h.dev("PATCH", `/dev/v1/apps/${w.appId}`, { enabled: false }));
    expect((await h.bot(w.token, "GET", "/v1/users/@me")).status).toBe(401);
    ok(await h.dev("PATCH", `/dev/v1/apps/${w.appId}`, { enabled: true }));
    expect((await h.bot(w.token, "GET", "/v1/users/@me")).status).toBe(200);
    expect((await h.dev("DELETE", `/dev/v1/apps/${w.appId}`)).status).toBe(204);
    expect((await h.bot(w.token, "GET", "/v1/users/@me")).status).toBe(401);
  });

  it("is never kept: the world shows only its SHA-256", async () => {
    const world = ok(
      await h.dev<{ apps: Array<{ token_hash: string; token?: string }> }>("GET", "/dev/v1/world"),
    );
    expect(world.apps[0]?.token).toBeUndefined();
    expect(world.apps[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(world)).not.toContain(w.token);
  });
});

describe("Bot and application routes", () => {
  it("GET /v1/users/@me answers the bot user", async () => {
    const me = ok(await h.bot<User>(w.token, "GET", "/v1/users/@me"));
    expect(me).toEqual({
      id: w.botUserId,
      username: `app_${w.appId}`,
      name: "Helper",
      avatar_id: null,
      bot: true,
    });
  });

  it("GET /v1/applications/@me answers the application", async () => {
    const app = ok(await h.bot<Application>(w.token, "GET", "/v1/applications/@me"));
    expect(app).toEqual({
      id: w.appId,
      name: "Helper",
      description: "",
      review_state: "unreviewed",
      bot_user_id: w.botUserId,
    });
  });

  it("GET /v1/users/@me/guilds lists only servers the app is installed in", async () => {
    const other = ok(
      await h.dev<{ id: string }>("POST", "/dev/v1/guilds", { name: "Other", owner_id: w.owner.id }),
      201,
    );
    const guilds = ok(await h.bot<GuildListEntry[]>(w.token, "GET", "/v1/users/@me/guilds"));
    expect(guilds).toEqual([{ id: w.guildId, name: "Guild", icon_id: null }]);
    expect(guilds.map((g) => g.id)).not.toContain(other.id);
    expect(
      (
        await h.dev("DELETE", `/dev/v1/guilds/${w.guildId}/installs/${w.appId}`, undefined, {
          as: w.owner.id,
        })
      ).status,
    ).toBe(204);
    expect(ok(await h.bot<GuildListEntry[]>(w.token, "GET", "/v1/users/@me/guilds"))).toEqual([]);
  });

  it("GET /v1/gateway answers the gateway address on the same port", async () => {
    const address = ok(await h.bot<{ url: string }>(w.token, "GET", "/v1/gateway"));
    expect(address.url).toBe(h.server.gatewayUrl);
    expect(address.url).toBe(`ws://127.0.0.1:${h.server.port}/v1/gateway`);
  });
});
