import { describe, expect, it } from "vitest";
import { expectErrors, expectValid } from "../../test/helpers.js";
import { ErrorBodySchema, isErrorBody } from "./error-body.js";

describe("ErrorBodySchema", () => {
  it("takes string and numeric codes with errors and extra keys", () => {
    const invalid = {
      code: "invalid_body",
      message: "Invalid body",
      errors: { "embeds.0.title": ["at most 256 characters"] },
    };
    expect(expectValid(ErrorBodySchema, invalid)).toEqual(invalid);
    expectValid(ErrorBodySchema, { code: 50035, message: "Invalid Form Body" });
    const limited = {
      code: "rate_limited",
      message: "Slow down",
      retry_after: 0.25,
      global: false,
      bucket: "b",
    };
    expect(expectValid(ErrorBodySchema, limited)).toEqual(limited);
    expectValid(ErrorBodySchema, { code: "webhook_paused", message: "Paused", paused_reason: "maker_left" });
    expectValid(ErrorBodySchema, { code: "missing_permission", message: "No", permission: "send_messages" });
  });

  it("names bad keys", () => {
    expect(expectErrors(ErrorBodySchema, { code: true, errors: { a: "b" }, paused_reason: "gone" })).toEqual({
      code: ["expected a string or a number"],
      message: ["is required"],
      "errors.a": ["expected an array"],
      paused_reason: ["must be maker_left or maker_cannot_send"],
    });
  });
});

describe("isErrorBody", () => {
  it("tells error bodies from other JSON", () => {
    expect(isErrorBody({ code: "unauthorized", message: "Unauthorized" })).toBe(true);
    expect(isErrorBody({ id: "1" })).toBe(false);
    expect(isErrorBody("error")).toBe(false);
  });
});
