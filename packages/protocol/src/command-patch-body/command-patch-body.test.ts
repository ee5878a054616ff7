import { describe, expect, it } from "vitest";
import { chars, expectErrors, expectValid, many } from "../../test/helpers.js";
import { CommandPatchBodySchema } from "./command-patch-body.js";

describe("CommandPatchBodySchema", () => {
  it("takes any subset of the four fields", () => {
    expect(expectValid(CommandPatchBodySchema, {})).toEqual({});
    expect(expectValid(CommandPatchBodySchema, { description: "New text" })).toEqual({
      description: "New text",
    });
    expect(expectValid(CommandPatchBodySchema, { default_member_permissions: 32 })).toEqual({
      default_member_permissions: "32",
    });
  });

  it("applies the create body's rules", () => {
    expect(
      expectErrors(CommandPatchBodySchema, {
        name: chars(33, "A"),
        description: chars(101),
        options: many(26, (i) => ({ type: 5, name: `o${i}`, description: "d" })),
      }),
    ).toEqual({
      name: ["at most 32 characters", "must be lowercase letters, digits, - or _"],
      description: ["at most 100 characters"],
      options: ["at most 25 options"],
    });
  });

  it("drops type, localizations and other keys", () => {
    expect(
      expectValid(CommandPatchBodySchema, { name: "x", type: 1, nsfw: true, name_localizations: {} }),
    ).toEqual({
      name: "x",
    });
  });
});
