import { type Interaction, InteractionSchema, validate } from "@chatbot/protocol";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Harness, ok, setupWorld, startHarness, type TestWorld } from "./harness.js";
import { BotSocket, registerGlobal, use } from "./interactions-support.js";

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

async function connect(): Promise<BotSocket> {
  bot = await BotSocket.connect(h.server.gatewayUrl, w.token);
  return bot;
}

describe("options", () => {
  const options = [
    { type: 3, name: "text", description: "t", required: true, min_length: 2, max_length: 5 },
    { type: 4, name: "count", description: "c", min_value: 1, max_value: 10 },
    { type: 10, name: "ratio", description: "r", min_value: 0, max_value: 1 },
    { type: 5, name: "loud", description: "l" },
    { type: 6, name: "who", description: "w" },
    { type: 7, name: "where", description: "w" },
    { type: 8, name: "role", description: "r" },
    {
      type: 3,
      name: "size",
      description: "s",
      choices: [
        { name: "Small", value: "s" },
        { name: "Large", value: "l" },
      ],
    },
    {
      type: 4,
      name: "level",
      description: "l",
      choices: [
        { name: "one", value: 1 },
        { name: "two", value: 2 },
      ],
    },
  ];

  it("are converted to their types, with resolved users, members, channels and roles", async () => {
    await registerGlobal(h, w, [{ name: "all", description: "All types", options }]);
    const socket = await connect();
    ok(
      await use(h, w, {
        name: "all",
        options: [
          { name: "role", value: `<@&${w.everyoneRoleId}>` },
          { name: "who", value: `<@${w.owner.id}>` },
          { name: "where", value: `<#${w.general.id}>` },
          { name: "text", value: "abc" },
          { name: "count", value: "7" },
          { name: "ratio", value: 0.5 },
          { name: "loud", value: "true" },
          { name: "size", value: "Large" },
          { name: "level", value: 2 },
        ],
      }),
      201,
    );
    const interaction: Interaction = await socket.interaction();
    expect(validate(InteractionSchema, interaction).success).toBe(true);
    expect(interaction.data.options).toEqual([
      { name: "text", type: 3, value: "abc" },
      { name: "count", type: 4, value: 7 },
      { name: "ratio", type: 10, value: 0.5 },
      { name: "loud", type: 5, value: true },
      { name: "who", type: 6, value: w.owner.id },
      { name: "where", type: 7, value: w.general.id },
      { name: "role", type: 8, value: w.everyoneRoleId },
      { name: "size", type: 3, value: "l" },
      { name: "level", type: 4, value: 2 },
    ]);
    const resolved = interaction.data.resolved;
    expect(resolved?.users?.[w.owner.id]).toEqual({
      id: w.owner.id,
      username: "owner",
      name: "owner",
      avatar_id: null,
      bot: false,
    });
    expect(resolved?.members?.[w.owner.id]).toEqual({
      nickname: null,
      roles: [],
      joined_at: expect.any(Number),
      permissions: expect.arrayContaining(["administrator", "manage_guild"]),
    });
    expect(resolved?.channels?.[w.general.id]).toEqual({
      id: w.general.id,
      name: "general",
      kind: "text",
      permissions: expect.arrayContaining(["view_channels", "send_messages"]),
    });
    expect(resolved?.roles?.[w.everyoneRoleId]).toMatchObject({ id: w.everyoneRoleId, default: true });
  });

  it.each([
    { case: "a missing required option", given: [], path: "options" },
    {
      case: "an unknown option",
      given: [
        { name: "text", value: "abc" },
        { name: "nope", value: 1 },
      ],
      path: "options.1.name",
    },
    {
      case: "an option given twice",
      given: [
        { name: "text", value: "abc" },
        { name: "text", value: "abd" },
      ],
      path: "options.1.name",
    },
    { case: "text too short", given: [{ name: "text", value: "a" }], path: "options.0.value" },
    { case: "text too long", given: [{ name: "text", value: "abcdef" }], path: "options.0.value" },
    { case: "text that is an object", given: [{ name: "text", value: { a: 1 } }], path: "options.0.value" },
    {
      case: "a fraction for an integer",
      given: [
        { name: "text", value: "abc" },
        { name: "count", value: "1.5" },
      ],
      path: "options.1.value",
    },
    {
      case: "an integer below min_value",
      given: [
        { name: "text", value: "abc" },
        { name: "count", value: 0 },
      ],
      path: "options.1.value",
    },
    {
      case: "a number above max_value",
      given: [
        { name: "text", value: "abc" },
        { name: "ratio", value: "1.5" },
      ],
      path: "options.1.value",
    },
    {
      case: "a word for a boolean",
      given: [
        { name: "text", value: "abc" },
        { name: "loud", value: "maybe" },
      ],
      path: "options.1.value",
    },
    {
      case: "an unknown user",
      given: [
        { name: "text", value: "abc" },
        { name: "who", value: "12345" },
      ],
      path: "options.1.value",
    },
    {
      case: "a role for a user",
      given: [
        { name: "text", value: "abc" },
        { name: "who", value: "<@&1>" },
      ],
      path: "options.1.value",
    },
    {
      case: "an unknown channel",
      given: [
        { name: "text", value: "abc" },
        { name: "where", value: "<#1>" },
      ],
      path: "options.1.value",
    },
    {
      case: "an unknown role",
      given: [
        { name: "text", value: "abc" },
        { name: "role", value: "1" },
      ],
      path: "options.1.value",
    },
    {
      case: "a value outside the choices",
      given: [
        { name: "text", value: "abc" },
        { name: "size", value: "m" },
      ],
      path: "options.1.value",
    },
    {
      case: "a number outside the choices",
      given: [
        { name: "text", value: "abc" },
        { name: "level", value: 3 },
      ],
      path: "options.1.value",
    },
  ])("are refused with 400 invalid_options for $case, sending nothing", async ({ given, path }) => {
    await registerGlobal(h, w, [{ name: "all", description: "All types", options }]);
    const socket = await connect();
    const answer = await use(h, w, { name: "all", options: given });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe("invalid_options");
    expect(Object.keys(answer.body.errors ?? {})).toEqual([path]);
    expect(await socket.drain()).toEqual([]);
  });

  it("refuse a channel or a user the person cannot see", async () => {
    const hidden = ok(
      await h.dev<{ id: string }>(
        "POST",
        `/dev/v1/guilds/${w.guildId}/channels`,
        {
          name: "staff",
          kind: "text",
          overwrites: [{ id: w.everyoneRoleId, type: "role", allow: [], deny: ["view_channels"] }],
        },
        { as: w.owner.id },
      ),
      201,
    );
    const stranger = ok(await h.dev<{ id: string }>("POST", "/dev/v1/users", { username: "stranger" }), 201);
    await registerGlobal(h, w, [{ name: "pick", description: "Pick", options: options.slice(4, 6) }]);
    const channel = await use(h, w, { name: "pick", options: [{ name: "where", value: hidden.id }] });
    expect(channel.body.errors).toEqual({
      "options.0.value": ["must be a channel of this server that you can see"],
    });
    const user = await use(h, w, { name: "pick", options: [{ name: "who", value: stranger.id }] });
    expect(user.body.errors).toEqual({ "options.0.value": ["must be a member of this server"] });
    expect(
      (await use(h, w, { name: "pick", options: [{ name: "where", value: hidden.id }] }, w.owner.id)).status,
    ).toBe(201);
  });
});
