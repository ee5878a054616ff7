import { describe, expect, it } from "vitest";
import { expectErrors, expectValid } from "../../test/helpers.js";
import { ReactionEmojiSchema, reactionEmojiRoute } from "./reaction-emoji.js";

describe("ReactionEmojiSchema", () => {
  it("takes a Unicode emoji with a null id and a custom one with its id", () => {
    expectValid(ReactionEmojiSchema, { id: null, name: "🔥" });
    expectValid(ReactionEmojiSchema, { id: "9001", name: "party" });
  });

  it("needs the id key", () => {
    expect(expectErrors(ReactionEmojiSchema, { name: "🔥" })).toEqual({ id: ["is required"] });
  });
});

describe("reactionEmojiRoute", () => {
  it("is the character, or name:id", () => {
    expect(reactionEmojiRoute({ id: null, name: "🔥" })).toBe("🔥");
    expect(reactionEmojiRoute({ id: "9001", name: "party" })).toBe("party:9001");
  });
});
