import { describe, expect, it } from "vitest";
import { validate } from "../validation/validate.js";
import { SnowflakeSchema } from "./snowflake.js";

describe("SnowflakeSchema", () => {
  it("accepts decimal strings below 2^64", () => {
    expect(validate(SnowflakeSchema, "0").success).toBe(true);
    expect(validate(SnowflakeSchema, "175928847299117063").success).toBe(true);
    expect(validate(SnowflakeSchema, "18446744073709551615").success).toBe(true);
  });

  it("refuses 2^64, more than 20 digits, signs, letters and numbers", () => {
    for (const bad of ["18446744073709551616", "123456789012345678901", "-1", "12a", "", " 1"]) {
      expect(validate(SnowflakeSchema, bad)).toEqual({
        success: false,
        errors: { "": ["must be an id: a decimal string of up to 20 digits below 2^64"] },
      });
    }
    expect(validate(SnowflakeSchema, 12)).toEqual({
      success: false,
      errors: { "": ["expected an id string"] },
    });
  });
});
