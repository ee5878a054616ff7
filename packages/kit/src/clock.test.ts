import { describe, expect, it } from "vitest";
import { SystemClock } from "./clock.js";
import { ManualClock } from "./manual-clock.js";

describe("SystemClock", () => {
  it("reads the wall clock and fires a timer once its delay passed", async () => {
    const clock = new SystemClock({ keepAlive: false });
    const before = Date.now();
    expect(clock.now()).toBeGreaterThanOrEqual(before);
    const fired = await new Promise<number>((resolve) => clock.setTimer(5, () => resolve(Date.now())));
    expect(fired - before).toBeGreaterThanOrEqual(4);
  });

  it("a cancelled timer does not fire", async () => {
    const clock = new SystemClock();
    let fired = false;
    clock.setTimer(1, () => (fired = true)).cancel();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fired).toBe(false);
  });
});

describe("ManualClock", () => {
  it("fires the deadlines inside a step in time order, ties in the order set, reading each one's time", () => {
    const clock = new ManualClock(1_000);
    const seen: string[] = [];
    clock.setTimer(30, () => seen.push(`b@${clock.now()}`));
    clock.setTimer(10, () => seen.push(`a@${clock.now()}`));
    clock.setTimer(30, () => seen.push(`c@${clock.now()}`));
    clock.setTimer(31, () => seen.push("late"));
    expect(clock.advance(30)).toBe(1_030);
    expect(seen).toEqual(["a@1010", "b@1030", "c@1030"]);
    expect(clock.pendingCount).toBe(1);
  });

  it("fires a timer set by a firing timer when it falls inside the same step", () => {
    const clock = new ManualClock(0);
    const seen: number[] = [];
    clock.setTimer(10, () => clock.setTimer(10, () => seen.push(clock.now())));
    clock.advance(25);
    expect(seen).toEqual([20]);
    expect(clock.now()).toBe(25);
  });

  it("skips cancelled timers and refuses a negative step", () => {
    const clock = new ManualClock(0);
    let fired = false;
    const timer = clock.setTimer(5, () => (fired = true));
    timer.cancel();
    timer.cancel();
    clock.advance(10);
    expect(fired).toBe(false);
    expect(clock.pendingCount).toBe(0);
    expect(() => clock.advance(-1)).toThrow(RangeError);
  });
});
