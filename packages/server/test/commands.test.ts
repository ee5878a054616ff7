import type { SlashCommand } from "@chatbot/protocol";
import { afterEach, describe, expect, it } from "vitest";
import type { ServerOptions } from "../src/index.js";
import { type ErrorAnswer, type Harness, ok, setupWorld, startHarness, type TestWorld } from "./harness.js";

let h: Harness;
let w: TestWorld;
afterEach(() => h.close());

const SCOPES = ["commands", "messages.read", "messages.send"] as const;

async function start(options: ServerOptions = {}, scopes: readonly string[] = SCOPES): Promise<void> {
  h = await startHarness(options);
  w = await setupWorld(h, { scopes: scopes as never });
}

const ping = { name: "ping", description: "Answers pong" };
const global = () => "/v1/applications/@me/commands";
const inGuild = () => `/v1/applications/@me/guilds/${w.guildId}/commands`;

describe("global commands", () => {
  it("are created with POST (201), updated by name (200, same id), listed, read, patched and deleted", async () => {
    await start();
    const created = ok(await h.bot<SlashCommand>(w.token, "POST", global(), ping), 201);
    expect(created).toEqual({
      id: expect.any(String),
      application_id: w.appId,
      guild_id: null,
      name: "ping",
      description: "Answers pong",
      options: [],
      type: 1,
      default_member_permissions: null,
    });
    const updated = ok(
      await h.bot<SlashCommand>(w.token, "POST", global(), { ...ping, description: "Pong!" }),
      200,
    );
    expect(updated.id).toBe(created.id);
    expect(updated.description).toBe("Pong!");
    expect(ok(await h.bot<SlashCommand[]>(w.token, "GET", global()))).toEqual([updated]);
    expect(ok(await h.bot<SlashCommand>(w.token, "GET", `${global()}/${created.id}`))).toEqual(updated);

    const patched = ok(
      await h.bot<SlashCommand>(w.token, "PATCH", `${global()}/${created.id}`, {
        name: "pong",
        default_member_permissions: 8,
      }),
    );
    expect(patched).toMatchObject({ id: created.id, name: "pong", default_member_permissions: "8" });
    expect((await h.bot(w.token, "DELETE", `${global()}/${created.id}`)).status).toBe(204);
    const gone = await h.bot<ErrorAnswer>(w.token, "GET", `${global()}/${created.id}`);
    expect(gone.status).toBe(404);
    expect(gone.body.code).toBe("unknown_command");
    expect((await h.bot(w.token, "DELETE", `${global()}/${created.id}`)).status).toBe(404);
  });

  it("take the application id in place of @me, and no other app's id", async () => {
    await start();
    ok(await h.bot(w.token, "POST", `/v1/applications/${w.appId}/commands`, ping), 201);
    expect(ok(await h.bot<SlashCommand[]>(w.token, "GET", global()))).toHaveLength(1);
    const other = ok(
      await h.dev<{ application: { id: string } }>("POST", "/dev/v1/apps", { name: "Other" }),
      201,
    );
    const refused = await h.bot<ErrorAnswer>(
      w.token,
      "GET",
      `/v1/applications/${other.application.id}/commands`,
    );
    expect(refused.status).toBe(404);
    expect(refused.body.code).toBe("unknown_application");
    const bad = await h.bot<ErrorAnswer>(w.token, "GET", "/v1/applications/nope/commands");
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toHaveProperty("application_id");
  });

  it("are replaced as a whole by PUT: ids kept by name, the others deleted, 200 with the array", async () => {
    await start();
    const a = ok(await h.bot<SlashCommand>(w.token, "POST", global(), { name: "a", description: "A" }), 201);
    const b = ok(await h.bot<SlashCommand>(w.token, "POST", global(), { name: "b", description: "B" }), 201);
    const put = ok(
      await h.bot<SlashCommand[]>(w.token, "PUT", global(), [
        { name: "c", description: "C" },
        { name: "a", description: "A again" },
      ]),
    );
    expect(put.map((c) => c.name)).toEqual(["c", "a"]);
    expect(put[1]?.id).toBe(a.id);
    expect(put[0]?.id).not.toBe(b.id);
    const listed = ok(await h.bot<SlashCommand[]>(w.token, "GET", global()));
    expect(listed.map((c) => c.name).sort()).toEqual(["a", "c"]);
    expect((await h.bot(w.token, "GET", `${global()}/${b.id}`)).status).toBe(404);
    expect(ok(await h.bot<SlashCommand[]>(w.token, "PUT", global(), []))).toEqual([]);
    expect(ok(await h.bot<SlashCommand[]>(w.token, "GET", global()))).toEqual([]);
  });

  it("refuse a PATCH to a name another command of the scope has", async () => {
    await start();
    ok(await h.bot(w.token, "POST", global(), { name: "a", description: "A" }), 201);
    const b = ok(await h.bot<SlashCommand>(w.token, "POST", global(), { name: "b", description: "B" }), 201);
    const clash = await h.bot<ErrorAnswer>(w.token, "PATCH", `${global()}/${b.id}`, { name: "a" });
    expect(clash.status).toBe(400);
    expect(clash.body.errors?.name?.[0]).toContain("named a");
  });

  it("hold at most 100 per scope", async () => {
    await start();
    const hundred = Array.from({ length: 100 }, (_, i) => ({ name: `c${i}`, description: "x" }));
    expect(ok(await h.bot<SlashCommand[]>(w.token, "PUT", global(), hundred))).toHaveLength(100);
    const more = await h.bot<ErrorAnswer>(w.token, "POST", global(), { name: "c100", description: "x" });
    expect(more.status).toBe(400);
    expect(more.body.code).toBe("invalid_body");
    expect(
      ok(await h.bot<SlashCommand>(w.token, "POST", global(), { name: "c5", description: "y" })),
    ).toMatchObject({ name: "c5", description: "y" });
    const tooMany = await h.bot<ErrorAnswer>(w.token, "PUT", global(), [
      ...hundred,
      { name: "c100", description: "x" },
    ]);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors?.body).toEqual(["at most 100 commands"]);
    // A server's 100 are counted apart from the global ones.
    expect(ok(await h.bot<SlashCommand[]>(w.token, "PUT", inGuild(), hundred))).toHaveLength(100);
  });
});

describe("server commands", () => {
  it("live in the server, apart from the global ones", async () => {
    await start();
    const globalPing = ok(await h.bot<SlashCommand>(w.token, "POST", global(), ping), 201);
    const guildPing = ok(await h.bot<SlashCommand>(w.token, "POST", inGuild(), ping), 201);
    expect(guildPing.guild_id).toBe(w.guildId);
    expect(guildPing.id).not.toBe(globalPing.id);
    expect(ok(await h.bot<SlashCommand[]>(w.token, "GET", inGuild()))).toEqual([guildPing]);
    expect(ok(await h.bot<SlashCommand[]>(w.token, "GET", global()))).toEqual([globalPing]);
    expect((await h.bot(w.token, "GET", `${inGuild()}/${globalPing.id}`)).status).toBe(404);
    expect((await h.bot(w.token, "GET", `${global()}/${guildPing.id}`)).status).toBe(404);
  });

  it("need the app installed there with the commands scope", async () => {
    await start({}, ["messages.read"]);
    const noScope = await h.bot<ErrorAnswer>(w.token, "GET", inGuild());
    expect(noScope.status).toBe(403);
    expect(noScope.body).toMatchObject({ code: "missing_scope", scope: "commands" });
    const elsewhere = ok(
      await h.dev<{ id: string }>("POST", "/dev/v1/guilds", { name: "Elsewhere", owner_id: w.owner.id }),
      201,
    );
    const notInstalled = await h.bot<ErrorAnswer>(
      w.token,
      "POST",
      `/v1/applications/@me/guilds/${elsewhere.id}/commands`,
      ping,
    );
    expect(notInstalled.status).toBe(404);
    expect(notInstalled.body.code).toBe("unknown_guild");
  });

  it("go away when the app is removed from the server", async () => {
    await start();
    ok(await h.bot(w.token, "POST", inGuild(), ping), 201);
    ok(await h.bot(w.token, "POST", global(), ping), 201);
    expect(
      (
        await h.dev("DELETE", `/dev/v1/guilds/${w.guildId}/installs/${w.appId}`, undefined, {
          as: w.owner.id,
        })
      ).status,
    ).toBe(204);
    ok(
      await h.dev(
        "POST",
        `/dev/v1/guilds/${w.guildId}/installs`,
        { application_id: w.appId, scopes: ["commands"], permissions: [] },
        { as: w.owner.id },
      ),
      201,
    );
    expect(ok(await h.bot<SlashCommand[]>(w.token, "GET", inGuild()))).toEqual([]);
    expect(ok(await h.bot<SlashCommand[]>(w.token, "GET", global()))).toHaveLength(1);
  });
});

describe("deleting the app", () => {
  it("deletes every command of it, global and per server", async () => {
    await start();
    ok(await h.bot(w.token, "POST", global(), ping), 201);
    ok(await h.bot(w.token, "POST", inGuild(), ping), 201);
    const before = ok(await h.dev<{ commands: unknown[] }>("GET", "/dev/v1/world"));
    expect(before.commands).toHaveLength(2);
    expect((await h.dev("DELETE", `/dev/v1/apps/${w.appId}`)).status).toBe(204);
    expect(ok(await h.dev<{ commands: unknown[] }>("GET", "/dev/v1/world")).commands).toEqual([]);
  });
});

describe("command rules", () => {
  const option = (extra: Record<string, unknown>) => ({ ...ping, options: [extra] });

  it.each([
    { case: "an upper-case name", body: { ...ping, name: "Ping" }, path: "name" },
    { case: "a name of 33 characters", body: { ...ping, name: "a".repeat(33) }, path: "name" },
    { case: "an empty description", body: { ...ping, description: "" }, path: "description" },
    {
      case: "a description of 101 characters",
      body: { ...ping, description: "d".repeat(101) },
      path: "description",
    },
    {
      case: "26 options",
      body: {
        ...ping,
        options: Array.from({ length: 26 }, (_, i) => ({ type: 3, name: `o${i}`, description: "o" })),
      },
      path: "options",
    },
    {
      case: "a required option after an optional one",
      body: {
        ...ping,
        options: [
          { type: 3, name: "a", description: "a" },
          { type: 3, name: "b", description: "b", required: true },
        ],
      },
      path: "options.1.required",
    },
    {
      case: "min_length on an integer option",
      body: option({ type: 4, name: "n", description: "n", min_length: 2 }),
      path: "options.0.min_length",
    },
    {
      case: "min_value on a string option",
      body: option({ type: 3, name: "s", description: "s", min_value: 2 }),
      path: "options.0.min_value",
    },
    {
      case: "choices on a user option",
      body: option({ type: 6, name: "u", description: "u", choices: [{ name: "x", value: "1" }] }),
      path: "options.0.choices",
    },
    {
      case: "26 choices",
      body: option({
        type: 4,
        name: "n",
        description: "n",
        choices: Array.from({ length: 26 }, (_, i) => ({ name: `c${i}`, value: i })),
      }),
      path: "options.0.choices",
    },
    {
      case: "a string choice on an integer option",
      body: option({ type: 4, name: "n", description: "n", choices: [{ name: "one", value: "1" }] }),
      path: "options.0.choices.0.value",
    },
  ])("refuse $case, naming $path", async ({ body, path }) => {
    await start();
    const result = await h.bot<ErrorAnswer>(w.token, "POST", global(), body);
    expect(result.status).toBe(400);
    expect(result.body.code).toBe("invalid_body");
    expect(Object.keys(result.body.errors ?? {})).toContain(path);
    expect(ok(await h.bot<SlashCommand[]>(w.token, "GET", global()))).toEqual([]);
  });

  it.each([
    { type: 1, what: "type 1 (subcommand) is unsupported" },
    { type: 2, what: "type 2 (subcommand group) is unsupported" },
    { type: 9, what: "type 9 (mentionable) is unsupported" },
    { type: 11, what: "type 11 (attachment) is unsupported" },
  ])("refuse option type $type as unsupported", async ({ type, what }) => {
    await start();
    const result = await h.bot<ErrorAnswer>(
      w.token,
      "POST",
      global(),
      option({ type, name: "x", description: "x" }),
    );
    expect(result.status).toBe(400);
    expect(result.body.errors?.["options.0.type"]).toEqual([what]);
  });

  it("refuses autocomplete as unsupported", async () => {
    await start();
    const result = await h.bot<ErrorAnswer>(
      w.token,
      "POST",
      global(),
      option({ type: 3, name: "q", description: "q", autocomplete: true }),
    );
    expect(result.status).toBe(400);
    expect(result.body.errors?.["options.0.autocomplete"]).toEqual(["autocomplete is unsupported"]);
  });

  it("ignores localizations and every other key it does not use", async () => {
    await start();
    const created = ok(
      await h.bot<SlashCommand>(w.token, "POST", global(), {
        ...ping,
        name_localizations: { de: "pingen" },
        description_localizations: { de: "Antwortet" },
        dm_permission: false,
        nsfw: false,
        contexts: [0],
        integration_types: [0],
        options: [
          {
            type: 4,
            name: "times",
            description: "How often",
            name_localizations: { fr: "fois" },
            min_value: 1,
            max_value: 5,
            autocomplete: false,
          },
          { type: 7, name: "where", description: "Where", channel_types: [0] },
        ],
      }),
      201,
    );
    expect(created.options).toEqual([
      { type: 4, name: "times", description: "How often", min_value: 1, max_value: 5 },
      { type: 7, name: "where", description: "Where" },
    ]);
    expect(created).not.toHaveProperty("name_localizations");
  });
});

describe("command write rate limit", () => {
  it("counts writes per scope per day, not reads", async () => {
    await start({ rateLimits: { commandWritesPerScope: { limit: 2, windowMs: 86_400_000 } } });
    ok(await h.bot(w.token, "POST", global(), ping), 201);
    ok(await h.bot(w.token, "PUT", global(), [ping]));
    expect((await h.bot(w.token, "GET", global())).status).toBe(200);
    const limited = await h.bot<ErrorAnswer>(w.token, "POST", global(), ping);
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: "rate_limited", global: false, retry_after: 86_400 });
    expect(limited.headers.get("x-ratelimit-bucket")).toBe("command_writes:global");
    expect((await h.bot(w.token, "POST", inGuild(), ping)).status).toBe(201);
    h.clock.advance(86_400_000);
    expect((await h.bot(w.token, "POST", global(), ping)).status).toBe(200);
  });
});
