import { describe, expect, it } from "vitest";
import { chars, expectErrors, expectValid, many } from "../../test/helpers.js";
import { isWebhookBodyEmpty, WebhookExecuteBodySchema } from "./webhook-execute-body.js";

const card = { url: "https://example.com" };

describe("WebhookExecuteBodySchema", () => {
  it("takes content up to 2000 characters and a username of 1 to 80", () => {
    expectValid(WebhookExecuteBodySchema, { content: chars(2000), username: chars(80) });
    expect(expectErrors(WebhookExecuteBodySchema, { content: chars(2001), username: chars(81) })).toEqual({
      content: ["at most 2000 characters"],
      username: ["at most 80 characters"],
    });
    expect(expectErrors(WebhookExecuteBodySchema, { username: "" })).toEqual({
      username: ["at least 1 character"],
    });
  });

  it("takes up to 10 webhook embeds and 5 cards", () => {
    expectValid(WebhookExecuteBodySchema, {
      embeds: many(10, () => ({ color: 1 })),
      cards: many(5, () => card),
    });
    expect(
      expectErrors(WebhookExecuteBodySchema, {
        embeds: many(11, () => ({ color: 1 })),
        cards: many(6, () => card),
      }),
    ).toEqual({ embeds: ["at most 10 embeds"], cards: ["at most 5 cards"] });
    expect(
      expectErrors(WebhookExecuteBodySchema, {
        embeds: [{ fields: many(26, () => ({ name: "n", value: "v" })) }],
      }),
    ).toEqual({ "embeds.0.fields": ["at most 25 fields"] });
  });

  it("checks allowed_mentions", () => {
    expect(
      expectErrors(WebhookExecuteBodySchema, { allowed_mentions: { parse: ["users", "here"] } }),
    ).toEqual({
      "allowed_mentions.parse.1": ["must be users, roles or everyone"],
    });
  });

  it("accepts avatar_url and strips the ignored keys", () => {
    const output = expectValid(WebhookExecuteBodySchema, {
      content: "hi",
      avatar_url: "https://x/a.png",
      tts: true,
      flags: 4096,
      thread_id: "1",
      thread_name: "t",
      components: [],
      poll: { question: { text: "?" } },
      applied_tags: ["1"],
    });
    expect(output).toEqual({ content: "hi", avatar_url: "https://x/a.png" });
  });

  it("does not refuse an empty post: the server answers 50006", () => {
    expect(expectValid(WebhookExecuteBodySchema, {})).toEqual({});
  });
});

describe("isWebhookBodyEmpty", () => {
  it("is true without content, embeds and cards", () => {
    expect(isWebhookBodyEmpty({})).toBe(true);
    expect(isWebhookBodyEmpty({ content: "", embeds: [], cards: [], username: "x" })).toBe(true);
    expect(isWebhookBodyEmpty({ content: "x" })).toBe(false);
    expect(isWebhookBodyEmpty({ embeds: [{ title: "t" }] })).toBe(false);
    expect(isWebhookBodyEmpty({ cards: [card] })).toBe(false);
  });
});
