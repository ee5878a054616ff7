import { describe, expect, it } from "vitest";
import { role } from "../../test/fixtures.js";
import { expectErrors, expectValid } from "../../test/helpers.js";
import { RoleSchema } from "./role.js";

describe("RoleSchema", () => {
  it("takes a role with permission names", () => {
    expect(expectValid(RoleSchema, role)).toEqual(role);
    expectValid(RoleSchema, { ...role, color: "#5865f2", managed: true, default: false });
  });

  it("refuses a permission bitfield instead of names", () => {
    expect(expectErrors(RoleSchema, { ...role, permissions: "3072" })).toEqual({
      permissions: ["expected an array"],
    });
    expect(expectErrors(RoleSchema, { ...role, permissions: ["fly"] })).toEqual({
      "permissions.0": ["must be a permission name such as send_messages"],
    });
  });
});
