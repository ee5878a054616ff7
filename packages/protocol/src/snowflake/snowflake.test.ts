import { describe, expect, it } from "vitest";
import { validate } from "../validation/validate.js";
import { SnowflakeSchema } from "./snowflake.js";

describe("SnowflakeSchema", () => {
  it("accepts decimal strings up to 2^63-1", () => {
    expect(validate(SnowflakeSchema, "0").success).toBe(true);
    expect(validate(SnowflakeSchema, "175928847299117063").success).toBe(true);
    expect(validate(SnowflakeSchema, "9223372036854775807").success).toBe(true);
    expect(validate(SnowflakeSchema, "0000000000000000007").success).toBe(true);
  });

  it("refuses 2^63 and more, more than 19 digits, signs, letters and numbers", () => {
    const bad = [
      "9223372036854775808",
      "18446744073709551615",
      "18446744073709551616",
      "00000000000000000007",
      "123456789012345678901",
      "-1",
      "12a",
      "",
      " 1",
    ];
    for (const id of bad) {
      expect(validate(SnowflakeSchema, id), id).toEqual({
        success: false,
        errors: { "": ["must be an id: a decimal string of 1 to 19 digits, at most 2^63-1"] },
      });
    }
    expect(validate(SnowflakeSchema, 12)).toEqual({
      success: false,
      errors: { "": ["expected an id string"] },
    });
  });
});
