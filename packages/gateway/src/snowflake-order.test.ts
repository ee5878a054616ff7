import { describe, expect, it } from "vitest";
import { compareIds } from "./snowflake-order.js";

describe("compareIds", () => {
  it("compares ids as numbers, not as text", () => {
    expect(compareIds("9", "10")).toBeLessThan(0);
    expect(compareIds("383263430779469901", "383263430779469899")).toBeGreaterThan(0);
    expect(compareIds("42", "42")).toBe(0);
  });
});
