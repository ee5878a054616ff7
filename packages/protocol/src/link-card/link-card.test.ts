import { describe, expect, it } from "vitest";
import { chars, expectErrors, expectValid } from "../../test/helpers.js";
import { LinkCardSchema } from "./link-card.js";

describe("LinkCardSchema", () => {
  it("takes url, title up to 256 and description up to 1024", () => {
    const card = { url: "https://example.com", title: chars(256), description: chars(1024) };
    expect(expectValid(LinkCardSchema, card)).toEqual(card);
    expect(expectErrors(LinkCardSchema, { ...card, title: chars(257), description: chars(1025) })).toEqual({
      title: ["at most 256 characters"],
      description: ["at most 1024 characters"],
    });
  });

  it("needs an http or https url", () => {
    expect(expectErrors(LinkCardSchema, { title: "t" })).toEqual({ url: ["is required"] });
    expect(expectErrors(LinkCardSchema, { url: "mailto:a@b.c" })).toEqual({
      url: ["must be an http or https URL"],
    });
  });

  it("drops picture keys", () => {
    const output = expectValid(LinkCardSchema, {
      url: "http://example.com",
      image: "https://x/i.png",
      thumbnail_url: "https://x/t.png",
    });
    expect(output).toEqual({ url: "http://example.com" });
  });
});
