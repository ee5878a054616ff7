import {
  ApplicationSchema,
  AuditLogEntrySchema,
  CategorySchema,
  ChannelSchema,
  EmojiSchema,
  MemberSchema,
  type Message,
  MessageSchema,
  RoleSchema,
  UserSchema,
} from "@chatbot/protocol";
import { DEV_ROUTES, DevApiError, type DevAnswer, DevClient, type DevRouteName } from "@chatbot/protocol/dev";
import { ManualClock, type RunningServer, startServer } from "@chatbot/server";
import * as v from "valibot";
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from "vitest";

let server: RunningServer;
let dev: DevClient;
const called = new Set<DevRouteName>();

/** Calls through the client and notes the route, so the last test can check every route was called. */
const call: DevClient["call"] = (name, ...args) => {
  called.add(name);
  return dev.call(name, ...args);
};

/** Parses `value` with a protocol schema: the answer has the wire object's shape. */
function shaped<S extends v.GenericSchema>(schema: S, value: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, value);
  if (!result.success) throw new Error(v.summarize(result.issues));
  return result.output;
}

beforeAll(async () => {
  server = await startServer({ port: 0, clock: new ManualClock(1_750_000_000_000), rateLimits: false });
  dev = new DevClient({ baseUrl: server.baseUrl });
});
afterAll(() => server.close());

describe("DevClient against the reference server", () => {
  it("builds a world through the typed routes; each answer has the protocol's shape", async () => {
    const owner = shaped(UserSchema, await call("createUser", { body: { username: "owner" } }));
    const ada = await call("createUser", { body: { username: "ada", name: "Ada" } });
    const made = await call("createApp", { body: { name: "bot", owner_id: owner.id } });
    shaped(ApplicationSchema, made.application);
    expect(made.application.enabled).toBe(true);
    const app = made.application.id;
    expect(
      (await call("updateApp", { params: { app_id: app }, body: { description: "d" } })).description,
    ).toBe("d");
    expect((await call("resetAppToken", { params: { app_id: app } })).token).not.toBe(made.token);

    const guild = await call("createGuild", { body: { name: "guild", owner_id: owner.id } });
    const general = shaped(ChannelSchema, guild.channels[0]);
    expect(
      (await call("updateGuild", { params: { guild_id: guild.id }, body: { name: "g2" }, as: owner.id }))
        .name,
    ).toBe("g2");
    const joined = await call("joinGuild", { params: { guild_id: guild.id }, body: { user_id: ada.id } });
    shaped(MemberSchema, joined);
    expect(joined.guild_id).toBe(guild.id);

    const as = owner.id;
    const role = shaped(
      RoleSchema,
      await call("createRole", {
        params: { guild_id: guild.id },
        body: { name: "mod", permissions: [] },
        as,
      }),
    );
    await call("updateRole", { params: { guild_id: guild.id, role_id: role.id }, body: { hoist: true }, as });
    await call("reorderRoles", { params: { guild_id: guild.id }, body: [{ id: role.id, position: 1 }], as });
    const member = await call("updateMember", {
      params: { guild_id: guild.id, user_id: ada.id },
      body: { roles: [role.id] },
      as,
    });
    expect(member.roles).toEqual([role.id]);
    expect((await call("listMembers", { params: { guild_id: guild.id }, query: { limit: 10 } })).length).toBe(
      2,
    );

    const category = shaped(
      CategorySchema,
      await call("createCategory", { params: { guild_id: guild.id }, body: { name: "text" }, as }),
    );
    const channel = await call("createChannel", {
      params: { guild_id: guild.id },
      body: { name: "mods", kind: "text", category_id: category.id },
      as,
    });
    expect(channel.overwrites).toEqual([]);
    await call("updateChannel", { params: { channel_id: channel.id }, body: { topic: "t" }, as });

    const said: Message = shaped(
      MessageSchema,
      await call("postMessage", { params: { channel_id: general.id }, body: { content: "hi" }, as: ada.id }),
    );
    const message = { channel_id: general.id, message_id: said.id };
    await call("editMessage", { params: message, body: { content: "hi!" }, as: ada.id });
    await call("addReaction", { params: { ...message, emoji: "👍" }, as: ada.id });
    await call("removeReaction", { params: { ...message, emoji: "👍" }, as: ada.id });
    await call("pinMessage", { params: message, as });
    await call("unpinMessage", { params: message, as });
    const history = await call("listMessages", {
      params: { channel_id: general.id },
      query: { limit: 5 },
      as,
    });
    expect(history.map((m) => m.content)).toEqual(["hi!"]);
    const second = await call("postMessage", {
      params: { channel_id: general.id },
      body: { content: "2" },
      as,
    });
    await call("bulkDeleteMessages", { params: { channel_id: general.id }, body: { ids: [second.id] }, as });
    await call("deleteMessage", { params: message, as });

    const install = await call("installApp", {
      params: { guild_id: guild.id },
      body: { application_id: app, scopes: ["commands"], permissions: [] },
      as,
    });
    expect(install.scopes).toEqual(["commands"]);
    await call("updateInstall", {
      params: { guild_id: guild.id, app_id: app },
      body: { scopes: ["commands"] },
      as,
    });
    expect(await call("listChannelCommands", { params: { channel_id: general.id }, as })).toEqual([]);
    // The bot registers /ping over /v1 (the wire a bot uses); nobody runs the bot, so it is not delivered.
    const token = (await call("resetAppToken", { params: { app_id: app } })).token;
    const registered = await fetch(`${server.baseUrl}/v1/applications/${app}/commands`, {
      method: "POST",
      headers: { authorization: `Bot ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ name: "ping", description: "pong" }),
    });
    expect(registered.status).toBe(201);
    const commands = await call("listChannelCommands", { params: { channel_id: general.id }, as });
    expect(commands.map((c) => [c.name, c.app_name])).toEqual([["ping", "bot"]]);
    const use = await call("useCommand", { params: { channel_id: general.id }, body: { name: "ping" }, as });
    expect(use.state).toBe("not_delivered");
    const view = await call("getInteraction", { params: { interaction_id: use.id } });
    expect([view.state, view.notice, view.messages]).toEqual(["not_delivered", "app_not_connected", []]);

    const emoji = shaped(
      EmojiSchema,
      await call("createEmoji", { params: { guild_id: guild.id }, body: { name: "party" }, as }),
    );
    await call("renameEmoji", {
      params: { guild_id: guild.id, emoji_id: emoji.id! },
      body: { name: "fiesta" },
      as,
    });
    await call("deleteEmoji", { params: { guild_id: guild.id, emoji_id: emoji.id! }, as });

    const hook = await call("createWebhook", {
      params: { channel_id: general.id },
      body: { name: "news" },
      as,
    });
    expect((await call("getWebhook", { params: { webhook_id: hook.webhook.id } })).state).toBe("active");
    expect((await call("renewWebhookUrl", { params: { webhook_id: hook.webhook.id }, as })).url).not.toBe(
      hook.url,
    );
    await call("deleteWebhook", { params: { webhook_id: hook.webhook.id }, as });

    const rule = await call("createAutomodRule", {
      params: { guild_id: guild.id },
      body: { name: "words", keywords: ["spam"] },
      as,
    });
    expect((await call("listAutomodRules", { params: { guild_id: guild.id }, as })).map((r) => r.id)).toEqual(
      [rule.id],
    );
    await call("deleteAutomodRule", { params: { guild_id: guild.id, rule_id: rule.id }, as });

    const log = await call("readAuditLog", { params: { guild_id: guild.id }, query: { limit: 5 } });
    log.forEach((entry) => shaped(AuditLogEntrySchema, entry));
    expect(log.length).toBe(5);

    const mine = await call("listMyGuilds", { as: ada.id });
    expect(mine.map((g) => g.name)).toEqual(["g2"]);
    expect((await call("listAppSessions", { params: { app_id: app } })).length).toBe(0);
    const inspected = await call("readInspector", { query: { app_id: app, limit: 10 } });
    expect(inspected.records.map((r) => [r.kind, r.path ?? r.command_name])).toEqual([
      ["rest", `/v1/applications/${app}/commands`],
      ["interaction", "ping"],
    ]);

    const fault = await call("createFault", { body: { app_id: app, kind: "latency", ms: 10, count: 2 } });
    expect((await call("listFaults")).map((f) => f.id)).toEqual([fault.id]);
    await call("clearFaults");

    expect(await call("readClock")).toEqual({ now: 1_750_000_000_000, controllable: true });
    expect((await call("advanceClock", { body: { advance_ms: 5 } })).now).toBe(1_750_000_000_005);

    await call("unbanUser", { params: { guild_id: guild.id, user_id: ada.id }, as }).catch(() => undefined);
    await call("removeMember", {
      params: { guild_id: guild.id, user_id: ada.id },
      body: { action: "kick" },
      as,
    });
    await call("uninstallApp", { params: { guild_id: guild.id, app_id: app }, as });
    await call("deleteRole", { params: { guild_id: guild.id, role_id: role.id }, as });
    await call("deleteChannel", { params: { channel_id: channel.id }, as });

    const world = await call("exportWorld");
    expect(world.users.map((u) => u.username).sort()).toEqual(["ada", "app_" + app, "owner"].sort());
    const replaced = await call("replaceWorld", { body: world });
    expect(replaced).toEqual(world);
    await call("deleteGuild", { params: { guild_id: guild.id }, as });
    await call("deleteApp", { params: { app_id: app } });
    await call("reset");
    expect((await call("exportWorld")).users).toEqual([]);
  });

  it("types each answer from the route table", () => {
    expectTypeOf<DevAnswer<"postMessage">>().toEqualTypeOf<Message>();
    expectTypeOf<DevAnswer<"reset">>().toEqualTypeOf<void>();
    expectTypeOf(dev.call<"readClock">).returns.resolves.toHaveProperty("controllable");
  });

  it("reports a body the server refuses: the route, the status and the field", async () => {
    const refused = await dev
      .call("createUser", { body: { username: "Not Lowercase" } })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DevApiError);
    const error = refused as DevApiError;
    expect([error.route, error.method, error.path, error.status, error.apiCode]).toEqual([
      "createUser",
      "POST",
      "/dev/v1/users",
      400,
      "invalid_body",
    ]);
    expect(error.fieldErrors("username")).toEqual(["must be lowercase letters, digits, _ or ."]);
    expect(error.message).toContain("username");

    // A body the types refuse is refused by the server too, naming the unknown key.
    const typo = (await dev
      .call("createUser", { body: { username: "ok", nam: "x" } as never })
      .catch((e: unknown) => e)) as DevApiError;
    expect(typo.fieldErrors("nam")).toEqual(["is not an allowed key"]);
  });

  it("has called every route of the table", () => {
    expect(Object.keys(DEV_ROUTES).filter((name) => !called.has(name as DevRouteName))).toEqual([]);
  });
});
