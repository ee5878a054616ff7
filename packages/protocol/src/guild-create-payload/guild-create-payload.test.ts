import { describe, expect, it } from "vitest";
import { guildCreate } from "../../test/fixtures.js";
import { expectErrors, expectValid } from "../../test/helpers.js";
import { GuildCreatePayloadSchema } from "./guild-create-payload.js";

describe("GuildCreatePayloadSchema", () => {
  it("takes a snapshot with scopes, intents and emojis", () => {
    expect(expectValid(GuildCreatePayloadSchema, guildCreate)).toEqual(guildCreate);
  });

  it("needs scopes, intents and emojis", () => {
    const { scopes: _s, intents: _i, emojis: _e, ...snapshot } = guildCreate;
    expect(expectErrors(GuildCreatePayloadSchema, snapshot)).toEqual({
      scopes: ["is required"],
      intents: ["is required"],
      emojis: ["is required"],
    });
  });
});
