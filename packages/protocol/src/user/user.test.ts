import { describe, expect, it } from "vitest";
import { botUser, user } from "../../test/fixtures.js";
import { expectErrors, expectValid } from "../../test/helpers.js";
import { UserSchema } from "./user.js";

describe("UserSchema", () => {
  it("takes people and bots, dropping fields the interface does not show", () => {
    expect(expectValid(UserSchema, { ...user, email: "a@b.c", discriminator: "0" })).toEqual(user);
    expect(expectValid(UserSchema, botUser)).toEqual(botUser);
  });

  it("needs every field", () => {
    expect(expectErrors(UserSchema, { id: "1", username: "u", name: "n", bot: "no" })).toEqual({
      avatar_id: ["is required"],
      bot: ["expected a boolean"],
    });
  });
});
