import { describe, expect, it } from "vitest";
import { expectErrors, expectValid } from "../../test/helpers.js";
import { GuildListEntrySchema } from "./guild-list-entry.js";

describe("GuildListEntrySchema", () => {
  it("takes id, name and icon_id", () => {
    expect(expectValid(GuildListEntrySchema, { id: "6001", name: "S", icon_id: null, owner: true })).toEqual({
      id: "6001",
      name: "S",
      icon_id: null,
    });
  });

  it("needs icon_id, null or a string", () => {
    expect(expectErrors(GuildListEntrySchema, { id: "6001", name: "S", icon_id: 1 })).toEqual({
      icon_id: ["expected a string"],
    });
  });
});
