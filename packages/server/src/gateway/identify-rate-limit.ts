import { LIMITS, type RateLimitRule } from "@chatbot/protocol";
import type { Clock } from "../kernel/clock.js";

/** The default identify limit: more than 5 `identify` frames in 5 seconds from one bot → `4008`. */
export const IDENTIFY_RATE_LIMIT: RateLimitRule = {
  limit: LIMITS.gatewayIdentifyRateCount,
  windowMs: LIMITS.gatewayIdentifyRateWindowMs,
};

/**
 * Counts `identify` frames per bot across all its connections in a sliding window on the clock.
 * Every frame counts, refused ones too, so a bot that keeps retrying stays refused until it pauses.
 * Memory stays bounded: at most `limit + 1` times per bot, and idle bots are forgotten.
 */
export class IdentifyRateLimiter {
  private readonly seen = new Map<string, number[]>();

  constructor(
    private readonly clock: Clock,
    private readonly rule: RateLimitRule = IDENTIFY_RATE_LIMIT,
  ) {
    if (!Number.isInteger(rule.limit) || rule.limit < 1) {
      throw new RangeError(`rule.limit must be an integer of 1 or more, got ${rule.limit}`);
    }
    if (!(rule.windowMs > 0)) throw new RangeError(`rule.windowMs must be more than 0, got ${rule.windowMs}`);
  }

  /** Records one `identify` by `appId`; `false` when it is over the limit (close with `4008`). */
  tryIdentify(appId: string): boolean {
    const now = this.clock.now();
    this.forgetIdle(now);
    const times = this.seen.get(appId) ?? [];
    times.push(now);
    if (times.length > this.rule.limit + 1) times.shift();
    this.seen.set(appId, times);
    return times.length <= this.rule.limit;
  }

  /** How many bots are being tracked (for leak checks). */
  get trackedBots(): number {
    return this.seen.size;
  }

  private forgetIdle(now: number): void {
    for (const [appId, times] of this.seen) {
      while (times.length > 0 && times[0]! <= now - this.rule.windowMs) times.shift();
      if (times.length === 0) this.seen.delete(appId);
    }
  }
}
