import { describe, expect, it } from "vitest";
import { expectErrors, expectValid } from "../../test/helpers.js";
import { EmojiSchema } from "./emoji.js";

const emoji = { id: "9001", name: "party", animated: false, available: true, image_id: "img1" };

describe("EmojiSchema", () => {
  it("takes a custom emoji entry", () => {
    expect(expectValid(EmojiSchema, emoji)).toEqual(emoji);
  });

  it("needs animated and available", () => {
    const { animated: _, ...rest } = emoji;
    expect(expectErrors(EmojiSchema, { ...rest, available: 1 })).toEqual({
      animated: ["is required"],
      available: ["expected a boolean"],
    });
  });
});
