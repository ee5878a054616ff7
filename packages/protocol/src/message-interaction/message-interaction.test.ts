import { describe, expect, it } from "vitest";
import { expectErrors, expectValid } from "../../test/helpers.js";
import { MessageInteractionSchema } from "./message-interaction.js";

describe("MessageInteractionSchema", () => {
  it("takes id, name and user_id", () => {
    const value = { id: "9101", name: "remind", user_id: "1001" };
    expect(expectValid(MessageInteractionSchema, value)).toEqual(value);
  });

  it("needs user_id", () => {
    expect(expectErrors(MessageInteractionSchema, { id: "9101", name: "remind" })).toEqual({
      user_id: ["is required"],
    });
  });
});
