import { describe, expect, it } from "vitest";
import { expectErrors, expectValid } from "../../test/helpers.js";
import { WebhookPostResultSchema } from "./webhook-post-result.js";

const result = {
  id: "7002",
  channel_id: "5001",
  guild_id: "6001",
  content: "Deployed",
  author: { id: "9401", username: "CI", name: "Alerts", avatar_id: null, bot: true },
  embeds: [{ title: "Build 12", color: 65280 }],
  timestamp: "2024-05-01T12:00:00.000Z",
  webhook_id: "9401",
};

describe("WebhookPostResultSchema", () => {
  it("takes exactly the eight keys", () => {
    expect(expectValid(WebhookPostResultSchema, result)).toEqual(result);
    expect(Object.keys(result)).toHaveLength(8);
  });

  it("refuses any other key, in the result and its author", () => {
    expect(
      expectErrors(WebhookPostResultSchema, {
        ...result,
        mentions: [],
        author: { ...result.author, discriminator: "0" },
      }),
    ).toEqual({ mentions: ["is not an allowed key"], "author.discriminator": ["is not an allowed key"] });
  });

  it("wants an ISO timestamp and bot: true", () => {
    expect(
      expectErrors(WebhookPostResultSchema, {
        ...result,
        timestamp: 1_714_564_800_000,
        author: { ...result.author, bot: false },
      }),
    ).toEqual({ timestamp: ["expected a string"], "author.bot": ["expected true"] });
  });
});
