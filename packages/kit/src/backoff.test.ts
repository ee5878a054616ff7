import { describe, expect, it } from "vitest";
import { backoffDelay } from "./backoff.js";

describe("backoffDelay", () => {
  it("grows exponentially by the factor and stops at the longest wait", () => {
    const policy = { initialDelayMs: 1_000, maxDelayMs: 10_000, factor: 3 };
    expect([1, 2, 3, 4].map((n) => backoffDelay(policy, n))).toEqual([1_000, 3_000, 9_000, 10_000]);
  });

  it("doubles by default, and an attempt below 1 waits the first wait", () => {
    const policy = { initialDelayMs: 50 };
    expect([0, 1, 2, 5].map((n) => backoffDelay(policy, n))).toEqual([50, 50, 100, 800]);
  });

  it("grows linearly when asked, to its longest wait", () => {
    const policy = { initialDelayMs: 100, maxDelayMs: 1_000, growth: "linear" } as const;
    expect([1, 2, 9, 10, 30].map((n) => backoffDelay(policy, n))).toEqual([100, 200, 900, 1_000, 1_000]);
  });

  it("moves the wait either way by the jitter, or only up", () => {
    const low = () => 0;
    const high = () => 0.999_999;
    const both = { initialDelayMs: 1_000, jitter: 0.2 };
    expect(backoffDelay({ ...both, random: low }, 1)).toBe(800);
    expect(backoffDelay({ ...both, random: high }, 1)).toBe(1_200);
    const up = { initialDelayMs: 1_000, jitter: 0.5, jitterDirection: "up" } as const;
    expect(backoffDelay({ ...up, random: low }, 1)).toBe(1_000);
    expect(backoffDelay({ ...up, random: high }, 2)).toBe(3_000);
  });

  it("applies the jitter after the cap", () => {
    const policy = { initialDelayMs: 1_000, maxDelayMs: 4_000, jitter: 0.2, random: () => 0.5 };
    expect(backoffDelay(policy, 10)).toBe(4_000);
  });
});
