import { describe, expect, it } from "vitest";
import { ManualClock } from "./manual-clock.js";
import { sleep } from "./sleep.js";

describe("sleep", () => {
  it("waits on the given clock: resolved by moving it, not before", async () => {
    const clock = new ManualClock(0);
    let done = false;
    const waiting = sleep(100, { clock }).then(() => (done = true));
    clock.advance(99);
    await Promise.resolve();
    expect(done).toBe(false);
    clock.advance(1);
    await waiting;
    expect(done).toBe(true);
  });

  it("rejects with the signal's reason when aborted, and cancels its timer", async () => {
    const clock = new ManualClock(0);
    const abort = new AbortController();
    const waiting = sleep(1_000, { clock, signal: abort.signal });
    abort.abort(new Error("stopped"));
    await expect(waiting).rejects.toThrow("stopped");
    expect(clock.pendingCount).toBe(0);
  });

  it("rejects at once on a signal already aborted", async () => {
    const signal = AbortSignal.abort(new Error("gone"));
    await expect(sleep(10, { signal })).rejects.toThrow("gone");
  });

  it("resolves at once for no wait, and waits in real time without a clock", async () => {
    await expect(sleep(0)).resolves.toBeUndefined();
    const before = Date.now();
    await sleep(5);
    expect(Date.now() - before).toBeGreaterThanOrEqual(4);
  });
});
