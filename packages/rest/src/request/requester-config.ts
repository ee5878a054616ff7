import type { RestClientOptions } from "./request-options.js";
import { systemRestClock } from "./rest-clock.js";
import type { RequesterConfig } from "./requester.js";

/** The defaults of {@link RestClientOptions}. */
export const REST_DEFAULTS = {
  timeout: 15_000,
  retries: 3,
  retryDelay: 250,
  rateLimitRetries: 5,
  maxRateLimitWait: 60_000,
  globalLimit: 50,
  backgroundShare: 0.5,
  rateLimitOffset: 50,
  connections: 8,
  pipelining: 4,
} as const;

/** Where a client sends its calls, and what it shows of that in errors. */
export interface RequesterTarget {
  readonly baseUrl: string;
  readonly shownBase: string;
  readonly headers: Record<string, string>;
  readonly globalLimit: number;
}

/** A requester's configuration: the client's options, with the defaults filled in. */
export function requesterConfig(
  options: Omit<RestClientOptions, "token" | "baseUrl" | "globalLimit">,
  target: RequesterTarget,
): RequesterConfig {
  checkOptions(options);
  return {
    ...target,
    timeout: options.timeout ?? REST_DEFAULTS.timeout,
    retries: options.retries ?? REST_DEFAULTS.retries,
    retryDelay: options.retryDelay ?? REST_DEFAULTS.retryDelay,
    rateLimitRetries: options.rateLimitRetries ?? REST_DEFAULTS.rateLimitRetries,
    maxRateLimitWait: options.maxRateLimitWait ?? REST_DEFAULTS.maxRateLimitWait,
    rejectOnRateLimit: options.rejectOnRateLimit ?? false,
    rateLimitOffset: options.rateLimitOffset ?? REST_DEFAULTS.rateLimitOffset,
    backgroundShare: options.backgroundShare ?? REST_DEFAULTS.backgroundShare,
    fetch: options.fetch,
    connections: options.connections ?? REST_DEFAULTS.connections,
    pipelining: options.pipelining ?? REST_DEFAULTS.pipelining,
    hooks: options.hooks ?? {},
    shared: options.sharedRateLimits ?? null,
    clock: options.clock ?? systemRestClock,
  };
}

/** `baseUrl` checked to be an absolute http(s) URL, without a trailing `/`. */
export function trimBase(baseUrl: string): string {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch (error) {
    throw new TypeError(`baseUrl must be an absolute http(s) URL, got "${baseUrl}"`, { cause: error });
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new TypeError(`baseUrl must be an http or https URL, got "${baseUrl}"`);
  }
  return baseUrl.replace(/\/+$/, "");
}

/** The numeric options: each name with its smallest value and whether it must be whole. */
const NUMERIC_OPTIONS = [
  ["timeout", 1, true],
  ["retries", 0, true],
  ["retryDelay", 0, false],
  ["rateLimitRetries", 0, true],
  ["maxRateLimitWait", 0, false],
  ["rateLimitOffset", 0, false],
  ["connections", 1, true],
  ["pipelining", 1, true],
] as const;

/** Throws a `TypeError` naming the first numeric option that is out of its range. */
function checkOptions(options: Omit<RestClientOptions, "token" | "baseUrl" | "globalLimit">): void {
  for (const [name, min, whole] of NUMERIC_OPTIONS) {
    const value = options[name];
    if (value === undefined) continue;
    const max = name === "timeout" ? 2_147_483_647 : Infinity;
    if (
      typeof value !== "number" ||
      Number.isNaN(value) ||
      value < min ||
      value > max ||
      (whole && !Number.isInteger(value))
    ) {
      throw new TypeError(
        `${name} must be ${whole ? "a whole number" : "a number"} from ${min}${max === Infinity ? " up" : ` to ${max}`}, got ${String(value)}`,
      );
    }
  }
  const share = options.backgroundShare;
  if (share !== undefined && !(typeof share === "number" && share > 0 && share <= 1)) {
    throw new TypeError(`backgroundShare must be a number above 0 and at most 1, got ${String(share)}`);
  }
}
