import { describe, expect, it } from "vitest";
import { channel } from "../../test/fixtures.js";
import { expectErrors, expectValid } from "../../test/helpers.js";
import { CHANNEL_KINDS, ChannelSchema } from "./channel.js";

describe("ChannelSchema", () => {
  it("takes each channel kind", () => {
    for (const kind of CHANNEL_KINDS)
      expect(expectValid(ChannelSchema, { ...channel, kind })).toEqual({ ...channel, kind });
    expectValid(ChannelSchema, { ...channel, category_id: "5000", topic: "t", slowmode_seconds: 30 });
  });

  it("refuses a numeric kind and a bad category id", () => {
    expect(expectErrors(ChannelSchema, { ...channel, kind: 0, category_id: "" })).toEqual({
      kind: ["must be one of text, voice, announcement"],
      category_id: ["must be an id: a decimal string of 1 to 19 digits, at most 2^63-1"],
    });
  });
});
