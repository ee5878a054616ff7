import { validate, WebhookInfoSchema, WebhookPostResultSchema } from "@chatbot/protocol";
import { afterEach, describe, expect, it } from "vitest";
import type { ServerOptions } from "../src/index.js";
import type { ServerChange } from "../src/kernel/changes/server-change.js";
import { type ErrorAnswer, type Harness, ok, setupWorld, startHarness, type TestWorld } from "./harness.js";
import { channelMessages, hook, type MadeWebhook, makeWebhook } from "./webhooks-support.js";

let h: Harness;
let w: TestWorld;
let made: MadeWebhook;
afterEach(() => h.close());

async function start(options: ServerOptions = {}): Promise<void> {
  h = await startHarness(options);
  w = await setupWorld(h);
  made = await makeWebhook(h, w);
}

describe("making a webhook", () => {
  it("answers the webhook and its URL once; only a hash of the secret is kept", async () => {
    await start();
    expect(made).toEqual({
      webhook: { id: expect.any(String), name: "Deploys", channel_id: w.general.id, guild_id: w.guildId },
      url: `${h.server.baseUrl}/api/webhooks/${made.webhook.id}/${made.url.split("/").at(-1)}`,
    });
    const secret = made.url.split("/").at(-1) ?? "";
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const world = JSON.stringify(ok(await h.dev("GET", "/dev/v1/world")));
    expect(world).not.toContain(secret);
    const dev = ok(await h.dev<Record<string, unknown>>("GET", `/dev/v1/webhooks/${made.webhook.id}`));
    expect(dev).toEqual({
      id: made.webhook.id,
      name: "Deploys",
      channel_id: w.general.id,
      guild_id: w.guildId,
      state: "active",
      paused_reason: null,
      maker_id: w.owner.id,
    });
    const log = ok(
      await h.dev<Array<{ action: string; action_type: number; target_id: string; user_id: string }>>(
        "GET",
        `/dev/v1/guilds/${w.guildId}/audit-log`,
      ),
    );
    expect(log[0]).toMatchObject({
      action: "webhook_create",
      action_type: 50,
      target_id: made.webhook.id,
      user_id: w.owner.id,
    });
  });

  it("needs manage_webhooks in the channel, and a person who can see it", async () => {
    await start();
    const refused = await h.dev<ErrorAnswer>(
      "POST",
      `/dev/v1/channels/${w.general.id}/webhooks`,
      { name: "Mine" },
      { as: w.member.id },
    );
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: "missing_permission", permission: "manage_webhooks" });
    const bad = await h.dev<ErrorAnswer>(
      "POST",
      `/dev/v1/channels/${w.general.id}/webhooks`,
      { name: "" },
      { as: w.owner.id },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toHaveProperty("name");
  });
});

describe("executing a webhook", () => {
  it("posts with the webhook's name and a Webhook tag, answering 204 with no body", async () => {
    await start();
    const seen: ServerChange[] = [];
    h.server.core.subscribe((c) => seen.push(c));
    const answer = await hook(made.url, { content: "deployed v1.2" });
    expect(answer.status).toBe(204);
    expect(answer.body).toBeUndefined();
    const [message] = await channelMessages(h, w);
    expect(message).toMatchObject({
      content: "deployed v1.2",
      author: { id: made.webhook.id, username: "Deploys", name: "Deploys", avatar_id: null, bot: true },
      webhook_id: made.webhook.id,
      interaction: null,
    });
    expect(seen.map((c) => c.type)).toEqual(["MESSAGE_CREATE"]);
    await hook(made.url, { content: "again", username: "CI bot" });
    const [renamed] = await channelMessages(h, w);
    expect(renamed?.author).toEqual({
      id: made.webhook.id,
      username: "CI bot",
      name: "CI bot",
      avatar_id: null,
      bot: true,
    });
    const bot = ok(
      await h.bot<Array<{ author: { id: string } }>>(w.token, "GET", `/v1/channels/${w.general.id}/messages`),
    );
    expect(bot[0]?.author.id).toBe(made.webhook.id);
  });

  it("answers the post result with wait=true: exactly the eight keys", async () => {
    await start();
    const answer = await hook(
      made.url,
      { content: "hi", embeds: [{ title: "T", color: 255 }] },
      { query: "?wait=true" },
    );
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body).sort()).toEqual(
      ["author", "channel_id", "content", "embeds", "guild_id", "id", "timestamp", "webhook_id"].sort(),
    );
    expect(validate(WebhookPostResultSchema, answer.body).success).toBe(true);
    expect(answer.body).toMatchObject({
      channel_id: w.general.id,
      guild_id: w.guildId,
      content: "hi",
      embeds: [{ title: "T", color: 255 }],
      timestamp: new Date(h.clock.now()).toISOString(),
      webhook_id: made.webhook.id,
    });
    expect((await hook(made.url, { content: "x" }, { query: "?wait=false" })).status).toBe(204);
    const bad = await hook<ErrorAnswer>(made.url, { content: "x" }, { query: "?wait=yes" });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe(50035);
  });

  it("shows the webhook on GET without its secret or maker", async () => {
    await start();
    const answer = await hook(made.url, undefined, { method: "GET" });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      id: made.webhook.id,
      name: "Deploys",
      channel_id: w.general.id,
      guild_id: w.guildId,
      avatar_id: null,
    });
    expect(validate(WebhookInfoSchema, answer.body).success).toBe(true);
  });

  it("keeps the displayed embed and card keys, drops pictures, and ignores the keys it does not use", async () => {
    await start();
    const answer = await hook(made.url, {
      content: "release",
      avatar_url: "https://example.com/a.png",
      tts: true,
      flags: 4,
      thread_id: "1",
      thread_name: "t",
      components: [{ type: 1 }],
      poll: { question: { text: "q" } },
      applied_tags: ["1"],
      embeds: [
        {
          title: "v2",
          url: "https://example.com/v2",
          color: 65280,
          author: { name: "Ada", url: "https://example.com/ada", icon_url: "https://example.com/i.png" },
          footer: { text: "ci", icon_url: "https://example.com/f.png" },
          image: { url: "https://example.com/big.png" },
          thumbnail: { url: "https://example.com/small.png" },
          video: { url: "https://example.com/v.mp4" },
          provider: { name: "p" },
          fields: [{ name: "a", value: "b", inline: true }],
          timestamp: "2025-06-01T00:00:00.000Z",
        },
      ],
      cards: [
        {
          url: "https://example.com/post",
          title: "A post",
          description: "About it",
          image: "https://x/y.png",
        },
      ],
    });
    expect(answer.status).toBe(204);
    const [message] = await channelMessages(h, w);
    expect(message?.embeds).toEqual([
      {
        title: "v2",
        url: "https://example.com/v2",
        color: 65280,
        author: { name: "Ada", url: "https://example.com/ada" },
        footer: { text: "ci" },
        fields: [{ name: "a", value: "b", inline: true }],
        timestamp: "2025-06-01T00:00:00.000Z",
      },
    ]);
    expect((message as unknown as { cards: unknown }).cards).toEqual([
      { url: "https://example.com/post", title: "A post", description: "About it" },
    ]);
    expect(message?.poll).toBeNull();
  });

  it.each([
    { case: "text/plain", options: { type: "text/plain", raw: '{"content":"x"}' } },
    {
      case: "multipart/form-data",
      options: { type: "multipart/form-data; boundary=b", raw: "--b\r\n\r\n--b--" },
    },
    { case: "malformed JSON", options: { raw: '{"content": "x"' } },
    { case: "no content type", options: { type: null, raw: '{"content":"x"}' } },
    { case: "an empty body", options: { raw: "" } },
  ])("answers 415 50109 for $case", async ({ options }) => {
    await start();
    const answer = await hook<ErrorAnswer>(made.url, undefined, options);
    expect(answer.status).toBe(415);
    expect(answer.body).toEqual({ code: 50109, message: expect.any(String) });
    expect(await channelMessages(h, w)).toEqual([]);
  });

  it.each([
    { case: "content over 2,000 characters", body: { content: "x".repeat(2001) }, path: "content" },
    {
      case: "11 embeds",
      body: { embeds: Array.from({ length: 11 }, () => ({ title: "t" })) },
      path: "embeds",
    },
    {
      case: "6 cards",
      body: { cards: Array.from({ length: 6 }, () => ({ url: "https://x.y" })) },
      path: "cards",
    },
    { case: "a long embed title", body: { embeds: [{ title: "t".repeat(257) }] }, path: "embeds.0.title" },
    { case: "a string color", body: { embeds: [{ title: "t", color: "#ffffff" }] }, path: "embeds.0.color" },
    { case: "a card without a link", body: { cards: [{ title: "no url" }] }, path: "cards.0.url" },
    { case: "a list where an embed belongs", body: { content: "c", embeds: [[]] }, path: "embeds.0" },
    {
      case: "a list where a card belongs",
      body: { content: "c", cards: [["https://x.y"]] },
      path: "cards.0",
    },
    { case: "a list body", body: ["content"], path: "body" },
    { case: "a string body", body: "content", path: "body" },
  ])("answers 400 50035 for $case", async ({ body, path }) => {
    await start();
    const answer = await hook<ErrorAnswer>(made.url, body);
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe(50035);
    expect(Object.keys(answer.body.errors ?? {})).toContain(path);
  });

  it("answers 400 50006 for a post with nothing to show", async () => {
    await start();
    for (const body of [{}, { content: "" }, { username: "only a name" }, { embeds: [], cards: [] }]) {
      const answer = await hook<ErrorAnswer>(made.url, body);
      expect(answer.status).toBe(400);
      expect(answer.body.code).toBe(50006);
    }
  });

  it("answers 404 10015 alike for a wrong id, a wrong secret and a deleted channel", async () => {
    await start();
    const secret = made.url.split("/").at(-1) ?? "";
    // A wrong secret: the last character changed (never to itself, or the test would pass by chance).
    const wrong = `${secret.slice(0, -1)}${secret.endsWith("A") ? "B" : "A"}`;
    const base = `${h.server.baseUrl}/api/webhooks`;
    const answers = [
      await hook(`${base}/1/${secret}`, { content: "x" }),
      await hook(`${base}/not-an-id/${secret}`, { content: "x" }),
      await hook(`${base}/${made.webhook.id}/${wrong}`, { content: "x" }),
      await hook(`${base}/${made.webhook.id}/${wrong}`, undefined, { method: "GET" }),
      await hook(`${base}/${made.webhook.id}`, { content: "x" }),
    ];
    const channel = ok(
      await h.dev<{ id: string }>(
        "POST",
        `/dev/v1/guilds/${w.guildId}/channels`,
        { name: "gone", kind: "text" },
        {
          as: w.owner.id,
        },
      ),
      201,
    );
    const doomed = ok(
      await h.dev<MadeWebhook>(
        "POST",
        `/dev/v1/channels/${channel.id}/webhooks`,
        { name: "x" },
        { as: w.owner.id },
      ),
      201,
    );
    expect(
      (await h.dev("DELETE", `/dev/v1/channels/${channel.id}`, undefined, { as: w.owner.id })).status,
    ).toBe(204);
    answers.push(await hook(doomed.url, { content: "x" }));
    for (const answer of answers) {
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ code: 10015, message: "Unknown Webhook" });
    }
  });

  it("answers 405 to changing or deleting the webhook through its URL, 404 to message edits and variants", async () => {
    await start();
    for (const method of ["PATCH", "DELETE", "PUT"]) {
      const answer = await hook(made.url, { name: "renamed" }, { method });
      expect(answer.status).toBe(405);
      expect(answer.headers.get("allow")).toBe("GET, POST");
    }
    for (const [method, suffix] of [
      ["PATCH", "/messages/@original"],
      ["PATCH", "/messages/1"],
      ["DELETE", "/messages/1"],
      ["GET", "/messages/1"],
      ["POST", "/slack"],
      ["POST", "/github"],
    ] as const) {
      const body = method === "GET" ? undefined : { content: "x", text: "x" };
      const answer = await hook<ErrorAnswer>(`${made.url}${suffix}`, body, { method });
      expect(answer.status).toBe(404);
      expect(answer.body.code).toBe("unknown_route");
    }
    expect((await hook(made.url, undefined, { method: "GET" })).body).toMatchObject({ name: "Deploys" });
  });

  it("is rate limited to 5 executions per 2 seconds per webhook, with headers", async () => {
    await start({ rateLimits: true });
    const other = await makeWebhook(h, w, "Other");
    for (let i = 0; i < 5; i++) {
      const answer = await hook(made.url, { content: `m${i}` });
      expect(answer.status).toBe(204);
      expect(answer.headers.get("x-ratelimit-limit")).toBe("5");
      expect(answer.headers.get("x-ratelimit-remaining")).toBe(String(4 - i));
      expect(answer.headers.get("x-ratelimit-bucket")).toBe(`webhook_execute:${made.webhook.id}`);
    }
    const limited = await hook<ErrorAnswer>(made.url, { content: "too many" });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({
      code: "rate_limited",
      message: expect.any(String),
      retry_after: 2,
      global: false,
    });
    expect(limited.headers.get("retry-after")).toBe("2");
    expect(limited.headers.get("x-ratelimit-reset-after")).toBe("2.000");
    expect((await hook(other.url, { content: "elsewhere" })).status).toBe(204);
    h.clock.advance(2_000);
    expect((await hook(made.url, { content: "again" })).status).toBe(204);
    expect(await channelMessages(h, w)).toHaveLength(7);
  });
});
