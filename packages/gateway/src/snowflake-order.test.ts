import { describe, expect, it } from "vitest";
import { compareIds, idBefore, idTime, previousId } from "./snowflake-order.js";

describe("compareIds", () => {
  it("compares ids as numbers, not as text", () => {
    expect(compareIds("9", "10")).toBeLessThan(0);
    expect(compareIds("383263430779469901", "383263430779469899")).toBeGreaterThan(0);
    expect(compareIds("42", "42")).toBe(0);
  });
});

describe("ids and time", () => {
  it("reads the time of an id, and makes the id just below a time", () => {
    // 2025-01-01T00:00:00Z is 31,622,400,000 ms after the ids' epoch (2024-01-01).
    const ms = Date.UTC(2025, 0, 1);
    const first = (31_622_400_000n << 22n).toString();
    expect(idTime(first)).toBe(ms);
    expect(idBefore(ms)).toBe(previousId(first));
    expect(compareIds(idBefore(ms), first)).toBeLessThan(0);
    expect(idTime(idBefore(ms))).toBe(ms - 1);
    expect(idBefore(Date.UTC(2020, 0, 1))).toBe("0");
  });
});
