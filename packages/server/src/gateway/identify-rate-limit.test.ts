import { describe, expect, it } from "vitest";
import { ManualClock } from "../kernel/clock.js";
import { IdentifyRateLimiter } from "./identify-rate-limit.js";

describe("IdentifyRateLimiter", () => {
  it("refuses the sixth identify of one bot inside 5 seconds, per bot", () => {
    const clock = new ManualClock(0);
    const limiter = new IdentifyRateLimiter(clock);
    for (let i = 0; i < 5; i++) {
      expect(limiter.tryIdentify("a")).toBe(true);
      clock.advance(1_000);
    }
    // now = 5,000: the identify at 0 has left the window (0, 5,000].
    expect(limiter.tryIdentify("a")).toBe(true);
    expect(limiter.tryIdentify("a")).toBe(false);
    expect(limiter.tryIdentify("b")).toBe(true);
  });

  it("counts refused identifies, so a bot must pause, and forgets idle bots", () => {
    const clock = new ManualClock(0);
    const limiter = new IdentifyRateLimiter(clock, { limit: 2, windowMs: 1_000 });
    expect([limiter.tryIdentify("a"), limiter.tryIdentify("a"), limiter.tryIdentify("a")]).toEqual([
      true,
      true,
      false,
    ]);
    clock.advance(999);
    expect(limiter.tryIdentify("a")).toBe(false);
    clock.advance(1_000);
    expect(limiter.tryIdentify("a")).toBe(true);
    expect(limiter.trackedBots).toBe(1);
    clock.advance(1_000);
    limiter.tryIdentify("b");
    expect(limiter.trackedBots).toBe(1);
  });

  it("rejects a rule that cannot work", () => {
    const clock = new ManualClock(0);
    expect(() => new IdentifyRateLimiter(clock, { limit: 0, windowMs: 1 })).toThrow(/rule.limit/);
    expect(() => new IdentifyRateLimiter(clock, { limit: 1, windowMs: 0 })).toThrow(/rule.windowMs/);
  });
});
