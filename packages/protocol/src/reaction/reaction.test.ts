import { describe, expect, it } from "vitest";
import { expectErrors, expectValid } from "../../test/helpers.js";
import { ReactionSchema } from "./reaction.js";

describe("ReactionSchema", () => {
  it("takes emoji, count and me", () => {
    const reaction = { emoji: { id: null, name: "👍" }, count: 3, me: false };
    expect(expectValid(ReactionSchema, reaction)).toEqual(reaction);
  });

  it("refuses a negative count", () => {
    expect(expectErrors(ReactionSchema, { emoji: { id: null, name: "👍" }, count: -1, me: true })).toEqual({
      count: ["must be 0 or more"],
    });
  });
});
