import { describe, expect, it } from "vitest";
import { chars, expectErrors, expectValid, many } from "../../test/helpers.js";
import { WebhookEmbedListSchema, WebhookEmbedSchema } from "./webhook-embed.js";

describe("WebhookEmbedSchema", () => {
  it("takes a numeric color and author.url", () => {
    const embed = { title: "t", color: 0x00ff00, author: { name: "a", url: "https://example.com" } };
    expect(expectValid(WebhookEmbedSchema, embed)).toEqual(embed);
  });

  it("refuses a string color", () => {
    expect(expectErrors(WebhookEmbedSchema, { color: "#00ff00" })).toEqual({
      color: ["expected an integer"],
    });
  });

  it("drops icon URLs, images, thumbnails, video and provider", () => {
    const output = expectValid(WebhookEmbedSchema, {
      author: { name: "a", icon_url: "https://x/a.png" },
      footer: { text: "f", icon_url: "https://x/f.png" },
      image: { url: "https://x/i.png" },
      thumbnail: { url: "https://x/t.png" },
      video: { url: "https://x/v.mp4" },
      provider: { name: "p", url: "https://x" },
    });
    expect(output).toEqual({ author: { name: "a" }, footer: { text: "f" } });
  });
});

describe("WebhookEmbedListSchema", () => {
  it("takes up to 10 embeds and 6000 embed characters", () => {
    expectValid(
      WebhookEmbedListSchema,
      many(10, () => ({ title: "t" })),
    );
    expect(
      expectErrors(
        WebhookEmbedListSchema,
        many(11, () => ({ title: "t" })),
      ),
    ).toEqual({
      "": ["at most 10 embeds"],
    });
    expectValid(WebhookEmbedListSchema, [{ description: chars(3000) }, { description: chars(3000) }]);
    const errors = expectErrors(WebhookEmbedListSchema, [
      { description: chars(3000) },
      { description: chars(3001) },
    ]);
    expect(errors[""]?.[0]).toMatch(/^at most 6000 embed characters in total/);
  });
});
