import { describe, expect, it } from "vitest";
import { ManualClock } from "./clock.js";

describe("ManualClock", () => {
  it("fires deadlines inside a step in time order, reading each one's time", () => {
    const clock = new ManualClock(1_000);
    const seen: Array<[string, number]> = [];
    clock.setTimer(300, () => seen.push(["b", clock.now()]));
    clock.setTimer(100, () => {
      seen.push(["a", clock.now()]);
      clock.setTimer(50, () => seen.push(["a2", clock.now()]));
    });
    const late = clock.setTimer(1_000, () => seen.push(["late", clock.now()]));
    const cancelled = clock.setTimer(10, () => seen.push(["cancelled", clock.now()]));
    cancelled.cancel();
    expect(clock.advance(500)).toBe(1_500);
    expect(seen).toEqual([
      ["a", 1_100],
      ["a2", 1_150],
      ["b", 1_300],
    ]);
    late.cancel();
    clock.advance(1_000);
    expect(seen).toHaveLength(3);
    expect(clock.pendingCount).toBe(0);
  });

  it("refuses to move backwards", () => {
    expect(() => new ManualClock().advance(-1)).toThrow(RangeError);
  });
});
