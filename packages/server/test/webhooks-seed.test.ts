import type { Message, SlashCommand } from "@chatbot/protocol";
import { afterEach, describe, expect, it } from "vitest";
import type { ParsedSeedWorld } from "@chatbot/protocol/dev";
import { SeedError, type SeedWorld, startServer } from "../src/index.js";
import { type ErrorAnswer, type Harness, ok, startHarness } from "./harness.js";
import { hook } from "./webhooks-support.js";

const TOKEN = "seeded-token-for-commands";
const SECRET = "fixed-secret_0123456789";

/** A seed with a webhook (fixed secret), a post of it, commands and an AutoMod rule. */
const SEED: SeedWorld = {
  users: [
    { id: "1001", username: "owner" },
    { id: "1002", username: "member" },
  ],
  apps: [{ id: "2001", name: "Seeded", token: TOKEN }],
  guilds: [{ id: "3001", name: "Seeded guild", owner_id: "1001" }],
  channels: [{ id: "6001", guild_id: "3001", name: "general" }],
  members: [{ guild_id: "3001", user_id: "1002" }],
  installs: [
    { guild_id: "3001", application_id: "2001", scopes: ["commands", "messages.read"], permissions: [] },
  ],
  webhooks: [{ id: "8001", channel_id: "6001", name: "Deploys", maker_id: "1001", secret: SECRET }],
  messages: [
    {
      id: "7001",
      channel_id: "6001",
      author_id: "8001",
      content: "seeded post",
      webhook: { id: "8001", username: "CI", avatar_id: null },
      embeds: [{ title: "build", author: { name: "ci", url: "https://ci.example/1" } }],
      cards: [{ url: "https://example.com", title: "Card" }],
    },
  ],
  commands: [
    { id: "9001", application_id: "2001", name: "ping", description: "Pong" },
    {
      id: "9002",
      application_id: "2001",
      guild_id: "3001",
      name: "roll",
      description: "Rolls",
      options: [{ type: 4, name: "sides", description: "Sides", required: true, min_value: 2 }],
    },
  ],
  automod_rules: [
    { id: "9501", guild_id: "3001", name: "No spoilers", keywords: ["spoiler*"], creator_id: "1001" },
  ],
};

let h: Harness;
afterEach(() => h?.close());

describe("seeds with webhooks, commands and AutoMod rules", () => {
  it("load: the fixed secret works, the commands are registered, the rule applies", async () => {
    h = await startHarness({ seed: SEED });
    const url = `${h.server.baseUrl}/api/webhooks/8001/${SECRET}`;
    expect((await hook(url, { content: "from the seed" })).status).toBe(204);
    const blocked = await hook<ErrorAnswer>(url, { content: "spoilers ahead" });
    expect(blocked.body.code).toBe(200000);
    const global = ok(await h.bot<SlashCommand[]>(TOKEN, "GET", "/v1/applications/@me/commands"));
    expect(global.map((c) => [c.id, c.name])).toEqual([["9001", "ping"]]);
    const local = ok(await h.bot<SlashCommand[]>(TOKEN, "GET", "/v1/applications/@me/guilds/3001/commands"));
    expect(local[0]?.options).toEqual([
      { type: 4, name: "sides", description: "Sides", required: true, min_value: 2 },
    ]);
    const messages = ok(
      await h.dev<Array<Message & { webhook_id?: string }>>(
        "GET",
        "/dev/v1/channels/6001/messages",
        undefined,
        {
          as: "1001",
        },
      ),
    );
    expect(messages.at(-1)).toMatchObject({
      content: "seeded post",
      author: { id: "8001", username: "CI", bot: true },
      webhook_id: "8001",
      embeds: [{ title: "build", author: { name: "ci", url: "https://ci.example/1" } }],
    });
  });

  it("export only the secret's hash, and round-trip", async () => {
    h = await startHarness({ seed: SEED });
    const first = ok(await h.dev<ParsedSeedWorld>("GET", "/dev/v1/world"));
    expect(JSON.stringify(first)).not.toContain(SECRET);
    expect(first.webhooks).toEqual([
      {
        id: "8001",
        guild_id: "3001",
        channel_id: "6001",
        name: "Deploys",
        avatar_id: null,
        maker_id: "1001",
        secret_hash: expect.stringMatching(/^[0-9a-f]{64}$/),
        maker_left: false,
        created_at: expect.any(Number),
      },
    ]);
    expect(first.commands.map((c) => c.id)).toEqual(["9001", "9002"]);
    expect(first.automod_rules).toEqual([
      {
        id: "9501",
        guild_id: "3001",
        name: "No spoilers",
        keywords: ["spoiler*"],
        exempt_webhooks: false,
        creator_id: "1001",
        created_at: expect.any(Number),
      },
    ]);
    await h.close();
    h = await startHarness({ seed: first as SeedWorld });
    expect(ok(await h.dev("GET", "/dev/v1/world"))).toEqual(first);
    expect(
      (await hook(`${h.server.baseUrl}/api/webhooks/8001/${SECRET}`, { content: "still works" })).status,
    ).toBe(204);
  });

  it.each([
    {
      change: { webhooks: [{ id: "8001", channel_id: "9", name: "x", maker_id: "1001", secret: "s" }] },
      path: "webhooks.0.channel_id",
    },
    {
      change: { webhooks: [{ id: "8001", channel_id: "6001", name: "x", maker_id: "1001" }] },
      path: "webhooks.0",
    },
    {
      change: {
        commands: [{ id: "9001", application_id: "2001", guild_id: "3002", name: "x", description: "x" }],
      },
      path: "commands.0.guild_id",
    },
    {
      change: {
        commands: [
          { id: "9001", application_id: "2001", name: "x", description: "x" },
          { id: "9002", application_id: "2001", name: "x", description: "y" },
        ],
      },
      path: "commands.1",
    },
    {
      change: {
        automod_rules: [{ id: "9501", guild_id: "3001", name: "x", keywords: ["a"], creator_id: "2" }],
      },
      path: "automod_rules.0.creator_id",
    },
    {
      change: { messages: [{ id: "7001", channel_id: "6001", author_id: "8002", content: "x" }] },
      path: "messages.0.author_id",
    },
  ])("refuse a bad reference, naming $path", async ({ change, path }) => {
    const error = await startServer({ port: 0, seed: { ...SEED, ...change } as SeedWorld }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(SeedError);
    expect(Object.keys((error as SeedError).errors)).toEqual([path]);
  });
});
