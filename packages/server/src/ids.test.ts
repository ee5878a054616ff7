import { describe, expect, it } from "vitest";
import { compareIds, IdGenerator, idTimestamp, isSnowflake } from "./ids.js";

describe("IdGenerator", () => {
  it("makes strictly rising ids within one millisecond and carries the time", () => {
    const ids = new IdGenerator(() => 1_750_000_000_000);
    const made = Array.from({ length: 1_000 }, () => ids.next());
    for (let i = 1; i < made.length; i++) expect(compareIds(made[i - 1]!, made[i]!)).toBeLessThan(0);
    expect(idTimestamp(made[0]!)).toBe(1_750_000_000_000);
    expect(made.every(isSnowflake)).toBe(true);
  });

  it("after observing ids of the same millisecond, makes only later ones", () => {
    const at = 1_750_000_000_000;
    const first = new IdGenerator(() => at);
    const made = Array.from({ length: 5 }, () => first.next());
    const again = new IdGenerator(() => at);
    for (const id of [made[3]!, made[1]!, made[4]!, made[0]!]) again.observe(id);
    expect(compareIds(again.next(), made[4]!)).toBeGreaterThan(0);
  });

  it("compares as numbers, not text", () => {
    expect(compareIds("9", "10")).toBeLessThan(0);
    expect(compareIds("10", "9")).toBeGreaterThan(0);
    expect(compareIds("382495774879121408", "382495774879121409")).toBeLessThan(0);
    expect(compareIds("382495774879121408", "382495774879121408")).toBe(0);
    // Leading zeros (a seed may write them) still compare by value.
    expect(compareIds("0010", "9")).toBeGreaterThan(0);
    expect(compareIds("7", "007")).toBe(0);
    expect(isSnowflake("18446744073709551616")).toBe(false);
    expect(isSnowflake("12a")).toBe(false);
  });
});
