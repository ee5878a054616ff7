import { describe, expect, it } from "vitest";
import { expectErrors, expectValid } from "../../test/helpers.js";
import { IdentifyFrameSchema, unknownIntents } from "./identify-frame.js";

describe("IdentifyFrameSchema", () => {
  it("takes a token and any intent strings, dropping other keys", () => {
    const output = expectValid(IdentifyFrameSchema, {
      op: "identify",
      d: { token: "abc", intents: ["guilds", "guild_presences"], properties: { os: "linux" } },
    });
    expect(output).toEqual({ op: "identify", d: { token: "abc", intents: ["guilds", "guild_presences"] } });
  });

  it("refuses a missing token and intents that are not strings", () => {
    expect(expectErrors(IdentifyFrameSchema, { op: "identify", d: { intents: [1] } })).toEqual({
      "d.token": ["is required"],
      "d.intents.0": ["expected a string"],
    });
    expect(expectErrors(IdentifyFrameSchema, { op: "identify" })).toEqual({ d: ["is required"] });
  });
});

describe("unknownIntents", () => {
  it("lists the names that are not intents of the interface", () => {
    expect(unknownIntents(["guilds", "message_content", "guild_presences", "GUILDS"])).toEqual([
      "guild_presences",
      "GUILDS",
    ]);
    expect(unknownIntents(["guild_members", "guild_moderation", "guild_expressions"])).toEqual([]);
  });
});
