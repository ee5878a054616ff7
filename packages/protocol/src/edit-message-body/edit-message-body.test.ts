import { describe, expect, it } from "vitest";
import { chars, expectErrors, expectValid, many } from "../../test/helpers.js";
import { EditMessageBodySchema } from "./edit-message-body.js";

describe("EditMessageBodySchema", () => {
  it("takes any subset of the create fields", () => {
    expect(expectValid(EditMessageBodySchema, {})).toEqual({});
    expect(expectValid(EditMessageBodySchema, { content: "" })).toEqual({ content: "" });
    expect(expectValid(EditMessageBodySchema, { embeds: [] })).toEqual({ embeds: [] });
    expect(expectValid(EditMessageBodySchema, { content: "", embeds: [{ title: "t" }] })).toEqual({
      content: "",
      embeds: [{ title: "t" }],
    });
  });

  it("refuses an edit that empties both content and embeds", () => {
    expect(expectErrors(EditMessageBodySchema, { content: "", embeds: [] })).toEqual({
      content: ["content or at least one embed is required"],
    });
  });

  it("keeps the create limits and drops nonce", () => {
    expect(
      expectErrors(EditMessageBodySchema, { content: chars(2001), embeds: many(11, () => ({})) }),
    ).toEqual({
      content: ["at most 2000 characters"],
      embeds: ["at most 10 embeds"],
    });
    expect(expectValid(EditMessageBodySchema, { content: "x", nonce: "abc", flags: 4 })).toEqual({
      content: "x",
    });
  });
});
