import { InteractionSchema, validate } from "@chatbot/protocol";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type ErrorAnswer, type Harness, ok, setupWorld, startHarness, type TestWorld } from "./harness.js";
import { BotSocket, registerGlobal, use, viewInteraction } from "./interactions-support.js";

let h: Harness;
let w: TestWorld;
let bot: BotSocket | null = null;

beforeEach(async () => {
  h = await startHarness();
  w = await setupWorld(h, { scopes: ["commands", "messages.read"] });
});
afterEach(async () => {
  bot?.close();
  bot = null;
  await h.close();
});

const ping = { name: "ping", description: "Answers pong" };

async function connect(): Promise<BotSocket> {
  bot = await BotSocket.connect(h.server.gatewayUrl, w.token);
  return bot;
}

describe("using a command", () => {
  it("delivers INTERACTION_CREATE to the connected app (no intent needed) and answers 201 delivered", async () => {
    const [command] = await registerGlobal(h, w, [ping]);
    const socket = await connect();
    const answer = ok(await use(h, w, { name: "ping" }), 201);
    expect(answer).toEqual({ id: expect.any(String), state: "delivered" });
    const interaction = await socket.interaction();
    expect(validate(InteractionSchema, interaction).success).toBe(true);
    expect(interaction).toEqual({
      id: answer.id,
      application_id: w.appId,
      type: 2,
      guild_id: w.guildId,
      channel_id: w.general.id,
      user: { id: w.member.id, username: "member", name: "member", avatar_id: null, bot: false },
      member: {
        nickname: null,
        roles: [],
        permissions: expect.arrayContaining(["send_messages", "view_channels"]),
      },
      data: { id: command?.id, name: "ping", type: 1 },
      app_permissions: expect.arrayContaining(["send_messages"]),
      created_at: h.clock.now(),
    });
    expect(interaction.member.permissions).not.toContain("manage_guild");
    expect(await viewInteraction(h, answer.id)).toEqual({
      id: answer.id,
      state: "delivered",
      messages: [],
      notice: null,
    });
  });

  it("tells the person at once when the app is not connected", async () => {
    await registerGlobal(h, w, [ping]);
    const answer = ok(await use(h, w, { name: "ping" }), 201);
    expect(answer).toEqual({ id: expect.any(String), state: "not_delivered", notice: "app_not_connected" });
    expect(await viewInteraction(h, answer.id)).toMatchObject({
      state: "not_delivered",
      notice: "app_not_connected",
    });
    const late = await h.bot<ErrorAnswer>(w.token, "POST", `/v1/interactions/${answer.id}/callback`, {
      type: 4,
      data: { content: "hi" },
    });
    expect(late.status).toBe(404);
    expect(late.body.code).toBe("unknown_interaction");
  });

  it("uses a server command in place of the app's global command of the same name", async () => {
    await registerGlobal(h, w, [ping, { name: "help", description: "Helps" }]);
    const local = ok(
      await h.bot<{ id: string }>(w.token, "POST", `/v1/applications/@me/guilds/${w.guildId}/commands`, {
        ...ping,
        description: "Server ping",
      }),
      201,
    );
    const socket = await connect();
    ok(await use(h, w, { name: "ping" }), 201);
    expect((await socket.interaction()).data.id).toBe(local.id);
    ok(await use(h, w, { name: "help" }), 201);
    expect((await socket.interaction()).data.name).toBe("help");
  });

  it("answers 404 unknown_command for a name no app shows there, and sends nothing", async () => {
    await registerGlobal(h, w, [ping]);
    const socket = await connect();
    const answer = await use(h, w, { name: "pong" });
    expect(answer.status).toBe(404);
    expect(answer.body.code).toBe("unknown_command");
    expect(await socket.drain()).toEqual([]);
  });
});

describe("who may use a command", () => {
  async function overwrite(id: string, type: "role" | "member", deny: string[]) {
    ok(
      await h.dev(
        "PATCH",
        `/dev/v1/channels/${w.general.id}`,
        { overwrites: [{ id, type, allow: [], deny }] },
        {
          as: w.owner.id,
        },
      ),
    );
  }

  it("hides the commands of an app installed without the commands scope", async () => {
    await h.close();
    h = await startHarness();
    w = await setupWorld(h, { scopes: ["messages.read"] });
    ok(await h.bot(w.token, "PUT", "/v1/applications/@me/commands", [ping]));
    expect((await use(h, w, { name: "ping" })).body.code).toBe("unknown_command");
  });

  it("hides the commands where the bot cannot see or cannot post", async () => {
    await registerGlobal(h, w, [ping]);
    await overwrite(w.botUserId, "member", ["view_channels"]);
    expect((await use(h, w, { name: "ping" })).body.code).toBe("unknown_command");
    await overwrite(w.botRoleId, "role", ["send_messages"]);
    expect((await use(h, w, { name: "ping" })).body.code).toBe("unknown_command");
    await overwrite(w.botRoleId, "role", []);
    expect((await use(h, w, { name: "ping" })).status).toBe(201);
  });

  it("refuses a person who cannot post there, or cannot see it", async () => {
    await registerGlobal(h, w, [ping]);
    await overwrite(w.member.id, "member", ["send_messages"]);
    const cannotPost = await use(h, w, { name: "ping" });
    expect(cannotPost.status).toBe(403);
    expect(cannotPost.body).toMatchObject({ code: "missing_permission", permission: "send_messages" });
    await overwrite(w.member.id, "member", ["use_application_commands"]);
    expect((await use(h, w, { name: "ping" })).body).toMatchObject({
      code: "missing_permission",
      permission: "use_application_commands",
    });
    await overwrite(w.member.id, "member", ["view_channels"]);
    const hidden = await use(h, w, { name: "ping" });
    expect(hidden.status).toBe(404);
    expect(hidden.body.code).toBe("unknown_channel");
  });

  it("refuses a timed-out person until the timeout ends", async () => {
    await registerGlobal(h, w, [ping]);
    ok(
      await h.dev(
        "PATCH",
        `/dev/v1/guilds/${w.guildId}/members/${w.member.id}`,
        { communication_disabled_until: h.clock.now() + 10_000 },
        { as: w.owner.id },
      ),
    );
    const refused = await use(h, w, { name: "ping" });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("timed_out");
    h.clock.advance(10_000);
    expect((await use(h, w, { name: "ping" })).status).toBe(201);
  });

  it("asks which app when two show the same name", async () => {
    await registerGlobal(h, w, [ping]);
    const other = ok(
      await h.dev<{ application: { id: string }; token: string }>("POST", "/dev/v1/apps", { name: "Other" }),
      201,
    );
    ok(
      await h.dev(
        "POST",
        `/dev/v1/guilds/${w.guildId}/installs`,
        { application_id: other.application.id, scopes: ["commands"], permissions: [] },
        { as: w.owner.id },
      ),
      201,
    );
    ok(await h.bot(other.token, "PUT", "/v1/applications/@me/commands", [ping]));
    const ambiguous = await use(h, w, { name: "ping" });
    expect(ambiguous.status).toBe(409);
    expect(ambiguous.body.code).toBe("conflict");
    const chosen = ok(await use(h, w, { name: "ping", application_id: other.application.id }), 201);
    expect(chosen.state).toBe("not_delivered");
  });
});
