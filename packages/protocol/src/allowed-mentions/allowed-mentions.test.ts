import { describe, expect, it } from "vitest";
import { expectErrors, expectValid, many } from "../../test/helpers.js";
import { AllowedMentionsSchema } from "./allowed-mentions.js";

const ids = (n: number) => many(n, (i) => String(10_000 + i));

describe("AllowedMentionsSchema", () => {
  it("takes parse kinds and up to 100 user and role ids", () => {
    const body = { parse: ["users", "roles", "everyone"], users: ids(100), roles: ids(100) };
    expect(expectValid(AllowedMentionsSchema, body)).toEqual(body);
    expect(expectValid(AllowedMentionsSchema, {})).toEqual({});
  });

  it("refuses 101 ids, unknown kinds and bad ids", () => {
    expect(expectErrors(AllowedMentionsSchema, { users: ids(101) })).toEqual({
      users: ["at most 100 user ids"],
    });
    expect(expectErrors(AllowedMentionsSchema, { roles: ids(101) })).toEqual({
      roles: ["at most 100 role ids"],
    });
    expect(expectErrors(AllowedMentionsSchema, { parse: "users" })).toEqual({ parse: ["expected an array"] });
    expect(expectErrors(AllowedMentionsSchema, { users: ["me"] })).toEqual({
      "users.0": ["must be an id: a decimal string of 1 to 19 digits, at most 2^63-1"],
    });
  });

  it("drops replied_user", () => {
    expect(expectValid(AllowedMentionsSchema, { parse: [], replied_user: true })).toEqual({ parse: [] });
  });
});
