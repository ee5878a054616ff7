import { describe, expect, it } from "vitest";
import { member } from "../../test/fixtures.js";
import { expectErrors, expectValid } from "../../test/helpers.js";
import { MemberSchema } from "./member.js";

describe("MemberSchema", () => {
  it("takes a member, with or without a timeout end", () => {
    expect(expectValid(MemberSchema, member)).toEqual(member);
    expectValid(MemberSchema, { ...member, communication_disabled_until: null });
    expectValid(MemberSchema, { ...member, communication_disabled_until: 1_714_000_600_000 });
  });

  it("drops presence and profile details", () => {
    expect(expectValid(MemberSchema, { ...member, presence: { status: "online" }, guilds: [] })).toEqual(
      member,
    );
  });

  it("needs a millisecond joined_at", () => {
    expect(expectErrors(MemberSchema, { ...member, joined_at: "2024-05-01T00:00:00Z" })).toEqual({
      joined_at: ["expected an integer"],
    });
  });
});
