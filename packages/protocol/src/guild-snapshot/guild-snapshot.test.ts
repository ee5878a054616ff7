import { describe, expect, it } from "vitest";
import { guildCreate } from "../../test/fixtures.js";
import { expectErrors, expectValid } from "../../test/helpers.js";
import { GuildSnapshotSchema } from "./guild-snapshot.js";

const { scopes, intents, emojis: _, ...snapshot } = guildCreate;

describe("GuildSnapshotSchema", () => {
  it("takes a snapshot with or without the install's scopes and intents", () => {
    expect(expectValid(GuildSnapshotSchema, snapshot)).toEqual(snapshot);
    expect(expectValid(GuildSnapshotSchema, { ...snapshot, scopes, intents })).toEqual({
      ...snapshot,
      scopes,
      intents,
    });
  });

  it("needs me with roles and permission names", () => {
    expect(expectErrors(GuildSnapshotSchema, { ...snapshot, me: { roles: [] } })).toEqual({
      "me.permissions": ["is required"],
    });
    expect(expectErrors(GuildSnapshotSchema, { ...snapshot, scopes: ["bot"] })).toHaveProperty("scopes.0");
  });
});
