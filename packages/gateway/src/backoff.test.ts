import { describe, expect, it } from "vitest";
import { reconnectDelay, resolveReconnectOptions } from "./backoff.js";

describe("reconnectDelay", () => {
  it("starts at about one second and doubles up to the cap, moved by at most the jitter", () => {
    for (const random of [0, 0.25, 0.5, 0.999]) {
      const options = resolveReconnectOptions({ random: () => random });
      const waits = [1, 2, 3, 4, 5, 6, 7, 8].map((attempt) => reconnectDelay(options, attempt));
      const bases = [1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000];
      waits.forEach((wait, i) => {
        expect(wait).toBeGreaterThanOrEqual(bases[i]! * 0.8);
        expect(wait).toBeLessThanOrEqual(bases[i]! * 1.2);
      });
    }
    const none = resolveReconnectOptions({ random: () => 0.5 });
    expect([1, 2, 3].map((a) => reconnectDelay(none, a))).toEqual([1_000, 2_000, 4_000]);
  });

  it("refuses bad options, naming the field and the rule", () => {
    expect(() => resolveReconnectOptions({ jitter: 1 })).toThrow(
      "reconnect.jitter must be a number from 0 up to (not including) 1, got 1",
    );
    expect(() => resolveReconnectOptions({ initialDelayMs: 5_000, maxDelayMs: 1_000 })).toThrow(
      "reconnect.maxDelayMs must be a number of initialDelayMs or more, got 1000",
    );
  });
});
