import { backoffDelay } from "@chatbot/kit";
import { LIMITS } from "@chatbot/protocol";
import { GatewayOptionsError } from "./gateway-error.js";

/** How long the client waits before reconnecting; every field is optional. */
export interface ReconnectOptions {
  /** The first wait, in ms (1,000). */
  readonly initialDelayMs?: number;
  /** The longest wait, in ms (60,000). */
  readonly maxDelayMs?: number;
  /** Each failed attempt multiplies the wait by this (2). */
  readonly factor?: number;
  /** Each wait is moved at random by up to this fraction either way (0.2: 800 to 1,200 ms for 1 s). */
  readonly jitter?: number;
  /** A connection that stays ready this long (ms) resets the waits to the first one (60,000). */
  readonly stableAfterMs?: number;
  /** The random source of the jitter, 0 (inclusive) to 1 (exclusive); `Math.random` by default. */
  readonly random?: () => number;
}

/** {@link ReconnectOptions} with every field filled in. */
export type ResolvedReconnectOptions = Required<ReconnectOptions>;

function check(name: string, value: number, ok: boolean, rule: string): number {
  if (!Number.isFinite(value) || !ok) {
    throw new GatewayOptionsError("invalid_option", `reconnect.${name} must be ${rule}, got ${value}`);
  }
  return value;
}

/** Fills in and checks {@link ReconnectOptions}; a bad one throws naming the field and the rule. */
export function resolveReconnectOptions(options: ReconnectOptions = {}): ResolvedReconnectOptions {
  const initialDelayMs = options.initialDelayMs ?? LIMITS.reconnectInitialWaitMs;
  const maxDelayMs = options.maxDelayMs ?? 60_000;
  const factor = options.factor ?? 2;
  const jitter = options.jitter ?? 0.2;
  const stableAfterMs = options.stableAfterMs ?? 60_000;
  check("initialDelayMs", initialDelayMs, initialDelayMs >= 0, "a number of 0 or more");
  check("maxDelayMs", maxDelayMs, maxDelayMs >= initialDelayMs, "a number of initialDelayMs or more");
  check("factor", factor, factor >= 1, "a number of 1 or more");
  check("jitter", jitter, jitter >= 0 && jitter < 1, "a number from 0 up to (not including) 1");
  check("stableAfterMs", stableAfterMs, stableAfterMs >= 0, "a number of 0 or more");
  return { initialDelayMs, maxDelayMs, factor, jitter, stableAfterMs, random: options.random ?? Math.random };
}

/**
 * The wait before reconnect attempt `attempt` (1 for the first after a stable connection):
 * `initialDelayMs × factor^(attempt − 1)`, capped at `maxDelayMs`, then moved by the jitter.
 */
export function reconnectDelay(options: ResolvedReconnectOptions, attempt: number): number {
  return backoffDelay(options, attempt);
}
