import { describe, expect, it } from "vitest";
import { DurationError, toMs } from "./duration.js";
import { ManualClock } from "./manual-clock.js";

describe("toMs", () => {
  it("reads text with the ms package and takes numbers as they are", () => {
    expect(toMs("10m")).toBe(600_000);
    expect(toMs("30s")).toBe(30_000);
    expect(toMs("1.5h")).toBe(5_400_000);
    expect(toMs("2 days")).toBe(172_800_000);
    expect(toMs(250)).toBe(250);
  });

  it("refuses what is no duration, naming the field", () => {
    expect(() => toMs("soon", "timeout")).toThrow(DurationError);
    expect(() => toMs("soon", "timeout")).toThrow(/timeout must be .* got "soon"/);
    expect(() => toMs(-1)).toThrow(/duration must be/);
    expect(() => toMs(Number.NaN)).toThrow(/got null/);
  });
});

describe("ManualClock.advance with a duration", () => {
  it("moves by the duration's milliseconds and fires what falls inside", () => {
    const clock = new ManualClock(0);
    const fired: number[] = [];
    clock.setTimer(599_999, () => fired.push(clock.now()));
    clock.setTimer(600_001, () => fired.push(clock.now()));
    expect(clock.advance("10m")).toBe(600_000);
    expect(fired).toEqual([599_999]);
    expect(() => clock.advance("later")).toThrow(/advance must be/);
  });
});
