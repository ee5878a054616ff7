import type { Message } from "@chatbot/protocol";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ServerChange } from "../src/kernel/changes/server-change.js";
import { type ErrorAnswer, type Harness, ok, setupWorld, startHarness, type TestWorld } from "./harness.js";
import { channelMessages, hook, makeWebhook } from "./webhooks-support.js";

let h: Harness;
let w: TestWorld;
beforeEach(async () => {
  h = await startHarness();
  w = await setupWorld(h);
});
afterEach(() => h.close());

interface Rule {
  id: string;
  guild_id: string;
  name: string;
  keywords: string[];
  exempt_webhooks: boolean;
  creator_id: string;
  created_at: number;
}

async function rule(body: object): Promise<Rule> {
  return ok(
    await h.dev<Rule>("POST", `/dev/v1/guilds/${w.guildId}/automod-rules`, body, { as: w.owner.id }),
    201,
  );
}

function say(content: string, as = w.member.id, extra: object = {}) {
  return h.dev<Message & ErrorAnswer>(
    "POST",
    `/dev/v1/channels/${w.general.id}/messages`,
    { content, ...extra },
    { as },
  );
}

interface Entry {
  action: string;
  action_type: number;
  user_id: string;
  target_id: string;
  options: Record<string, unknown>;
}

const auditLog = async () => ok(await h.dev<Entry[]>("GET", `/dev/v1/guilds/${w.guildId}/audit-log`));

describe("AutoMod rules", () => {
  it("are made by a person with manage_guild", async () => {
    const made = await rule({ name: "No spoilers", keywords: [" spoiler ", "ending*"] });
    expect(made).toEqual({
      id: expect.any(String),
      guild_id: w.guildId,
      name: "No spoilers",
      keywords: ["spoiler", "ending*"],
      exempt_webhooks: false,
      creator_id: w.owner.id,
      created_at: h.clock.now(),
    });
    const refused = await h.dev<ErrorAnswer>(
      "POST",
      `/dev/v1/guilds/${w.guildId}/automod-rules`,
      { name: "x", keywords: ["x"] },
      { as: w.member.id },
    );
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: "missing_permission", permission: "manage_guild" });
    expect(
      ok(
        await h.dev<Rule[]>("GET", `/dev/v1/guilds/${w.guildId}/automod-rules`, undefined, {
          as: w.owner.id,
        }),
      ),
    ).toEqual([made]);
  });

  it.each([
    { body: { name: "x", keywords: [] }, path: "keywords" },
    { body: { name: "x", keywords: ["**"] }, path: "keywords.0" },
    { body: { name: "x", keywords: ["k".repeat(61)] }, path: "keywords.0" },
    { body: { name: "", keywords: ["x"] }, path: "name" },
    { body: { name: "x", keywords: ["x"], exempt_webhooks: "yes" }, path: "exempt_webhooks" },
    { body: { name: "x", keywords: ["x"], trigger: 1 }, path: "trigger" },
  ])("refuse a bad body, naming $path", async ({ body, path }) => {
    const refused = await h.dev<ErrorAnswer>("POST", `/dev/v1/guilds/${w.guildId}/automod-rules`, body, {
      as: w.owner.id,
    });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.errors ?? {})).toContain(path);
  });
});

describe("AutoMod on people's messages", () => {
  it("blocks a matching message with 403 automod_blocked, logs it, and posts nothing", async () => {
    const made = await rule({ name: "No spoilers", keywords: ["spoiler"] });
    const seen: ServerChange[] = [];
    h.server.core.subscribe((c) => seen.push(c));
    const blocked = await say("huge SPOILER: they win");
    expect(blocked.status).toBe(403);
    expect(blocked.body).toEqual({
      code: "automod_blocked",
      message: expect.stringContaining("No spoilers"),
      rule_id: made.id,
    });
    expect(await channelMessages(h, w)).toEqual([]);
    const [entry] = await auditLog();
    expect(entry).toMatchObject({
      action: "automod_block_message",
      action_type: 143,
      user_id: w.member.id,
      target_id: w.member.id,
      options: {
        channel_id: w.general.id,
        rule_id: made.id,
        rule_name: "No spoilers",
        matched_keyword: "spoiler",
        trigger_type: 1,
      },
    });
    expect(seen.map((c) => c.type)).toEqual(["GUILD_AUDIT_LOG_ENTRY_CREATE"]);
    expect(ok(await say("no spoilers here"), 201).content).toBe("no spoilers here");
  });

  it("matches whole words, case-insensitively, with * wildcards at either end", async () => {
    await rule({ name: "words", keywords: ["cat", "dog*", "*fish", "*bird*"] });
    const cases: [string, boolean][] = [
      ["a Cat.", true],
      ["catch", false],
      ["doghouse", true],
      ["hotdog", false],
      ["swordfish", true],
      ["fishing", false],
      ["blackbirds", true],
    ];
    for (const [text, blocked] of cases)
      expect([text, (await say(text)).status]).toEqual([text, blocked ? 403 : 201]);
  });

  it("reads embeds and poll text, and leaves bots' messages alone", async () => {
    await rule({ name: "words", keywords: ["secret"] });
    expect(
      (await say("", w.member.id, { embeds: [{ title: "a", fields: [{ name: "x", value: "the secret" }] }] }))
        .status,
    ).toBe(403);
    expect(
      (
        await say("poll", w.member.id, {
          poll: { question: { text: "Secret?" }, answers: [{ text: "a" }, { text: "b" }] },
        })
      ).status,
    ).toBe(403);
    const bot = await h.bot(w.token, "POST", `/v1/channels/${w.general.id}/messages`, {
      content: "a secret",
    });
    expect(bot.status).toBe(201);
  });

  it("logs nothing when the person could not post there anyway", async () => {
    await rule({ name: "words", keywords: ["secret"] });
    ok(
      await h.dev(
        "PATCH",
        `/dev/v1/channels/${w.general.id}`,
        { overwrites: [{ id: w.member.id, type: "member", allow: [], deny: ["send_messages"] }] },
        { as: w.owner.id },
      ),
    );
    const refused = await say("secret");
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("missing_permission");
    expect((await auditLog()).filter((e) => e.action === "automod_block_message")).toEqual([]);
  });
});

describe("AutoMod on webhook posts", () => {
  it("blocks content, embed and card text with 403 200000, and logs the webhook as the author", async () => {
    const made = await makeWebhook(h, w);
    await rule({ name: "words", keywords: ["leak*"] });
    for (const body of [
      { content: "leaked keys" },
      { embeds: [{ description: "a LEAK" }] },
      { embeds: [{ title: "t", footer: { text: "leaky" } }] },
      { cards: [{ url: "https://example.com", title: "Leaks" }] },
      { cards: [{ url: "https://example.com", description: "leak" }] },
    ]) {
      const answer = await hook<ErrorAnswer>(made.url, body);
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual({ code: 200000, message: expect.stringContaining("words") });
    }
    expect(await channelMessages(h, w)).toEqual([]);
    const entries = (await auditLog()).filter((e) => e.action === "automod_block_message");
    expect(entries).toHaveLength(5);
    expect(entries[0]).toMatchObject({ user_id: made.webhook.id, target_id: made.webhook.id });
    expect((await hook(made.url, { content: "all fine" })).status).toBe(204);
  });

  it("skip rules that exempt webhooks, which still check people", async () => {
    const made = await makeWebhook(h, w);
    await rule({ name: "people only", keywords: ["deploy"], exempt_webhooks: true });
    expect((await hook(made.url, { content: "deploy done" })).status).toBe(204);
    expect((await say("deploy now")).status).toBe(403);
  });
});
