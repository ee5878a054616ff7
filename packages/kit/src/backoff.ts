/** How waits grow between attempts: every field but the first is optional. */
export interface BackoffPolicy {
  /** The wait before the first attempt after a failure, in ms. */
  readonly initialDelayMs: number;
  /** The longest wait, in ms, before jitter (no limit). */
  readonly maxDelayMs?: number;
  /** `exponential` (the default) multiplies the wait by `factor` each attempt; `linear` adds `initialDelayMs`. */
  readonly growth?: "exponential" | "linear";
  /** What each attempt multiplies the wait by when it grows exponentially (2). */
  readonly factor?: number;
  /** The fraction by which each wait is moved at random (0: none). */
  readonly jitter?: number;
  /**
   * `both` (the default) moves the wait either way (0.2: 800 to 1,200 ms for 1 s); `up` only
   * lengthens it (0.5: 1,000 to 1,500 ms).
   */
  readonly jitterDirection?: "both" | "up";
  /** The random source of the jitter, 0 (inclusive) to 1 (exclusive); `Math.random` by default. */
  readonly random?: () => number;
}

/**
 * The wait before attempt `attempt` (1 for the first after a failure), in whole ms: the policy's
 * growth from `initialDelayMs`, capped at `maxDelayMs`, then moved by the jitter.
 */
export function backoffDelay(policy: BackoffPolicy, attempt: number): number {
  const steps = Math.max(0, attempt - 1);
  const grown =
    policy.growth === "linear"
      ? policy.initialDelayMs * (steps + 1)
      : policy.initialDelayMs * (policy.factor ?? 2) ** steps;
  const base = Math.min(policy.maxDelayMs ?? Infinity, grown);
  const jitter = policy.jitter ?? 0;
  if (jitter === 0) return Math.round(base);
  const random = (policy.random ?? Math.random)();
  const spread = policy.jitterDirection === "up" ? 1 + jitter * random : 1 - jitter + 2 * jitter * random;
  return Math.round(base * spread);
}
