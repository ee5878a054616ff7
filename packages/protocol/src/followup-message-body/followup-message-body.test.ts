import { describe, expect, it } from "vitest";
import { chars, expectErrors, expectValid } from "../../test/helpers.js";
import { FollowupMessageBodySchema } from "./followup-message-body.js";

describe("FollowupMessageBodySchema", () => {
  it("takes content, flags, embeds and allowed_mentions", () => {
    const body = {
      content: "later",
      flags: 64,
      embeds: [{ title: "t" }],
      allowed_mentions: { users: ["1"] },
    };
    expect(expectValid(FollowupMessageBodySchema, body)).toEqual(body);
  });

  it("wants content or an embed, and keeps the limits", () => {
    expect(expectErrors(FollowupMessageBodySchema, { flags: 64 })).toEqual({
      content: ["content or at least one embed is required"],
    });
    expect(expectErrors(FollowupMessageBodySchema, { content: chars(2001) })).toEqual({
      content: ["at most 2000 characters"],
    });
  });
});
