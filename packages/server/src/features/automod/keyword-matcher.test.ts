import { describe, expect, it } from "vitest";
import { KeywordMatcher, keywordCore } from "./keyword-matcher.js";

describe("KeywordMatcher", () => {
  it.each([
    ["cat", "a cat sat", true],
    ["cat", "CAT!", true],
    ["cat", "catch", false],
    ["cat", "bobcat", false],
    ["cat", "cat_food", false],
    ["cat*", "catch me", true],
    ["cat*", "CATapult", true],
    ["cat*", "bobcat", false],
    ["*cat", "bobcat", true],
    ["*cat", "copycat!", true],
    ["*cat", "catch", false],
    ["*cat*", "location", true],
    ["*cat*", "concatenate", true],
    ["*cat*", "c a t", false],
    ["bad word", "a BAD WORD here", true],
    ["bad word", "bad words", false],
    ["c++", "I like c++ a lot", true],
    ["a.b", "axb", false],
    ["a*b", "a*b", true],
    ["a*b", "axb", false],
    ["köln", "Ich mag KÖLN sehr", true],
    ["köln", "kölner", false],
  ])("%j in %j → %s", (keyword, text, expected) => {
    expect(new KeywordMatcher([keyword]).match(text) !== null).toBe(expected);
  });

  it("names the first keyword of the list that matches", () => {
    const matcher = new KeywordMatcher(["dog", "*cat*", "cat"]);
    expect(matcher.match("my cat")).toBe("*cat*");
    expect(matcher.match("a dog and a cat")).toBe("dog");
    expect(matcher.match("nothing here")).toBeNull();
  });

  it("skips keywords that are only wildcards", () => {
    expect(keywordCore(" ** ")).toBe("");
    expect(new KeywordMatcher(["*", "**"]).match("anything")).toBeNull();
  });
});
