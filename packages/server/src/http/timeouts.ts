import type { ServerOptions as HttpServerOptions } from "node:http";

/** How long the HTTP server waits for a client (option `timeouts` of `startServer`), in ms. */
export interface HttpTimeouts {
  /** Time to receive a request's headers; default 10,000. */
  readonly headersTimeoutMs?: number;
  /** Time to receive a whole request, body included; past it the answer is `408`. Default 30,000. */
  readonly requestTimeoutMs?: number;
  /** How long an idle keep-alive connection stays open between requests; default 5,000. */
  readonly keepAliveTimeoutMs?: number;
}

/** The defaults of {@link HttpTimeouts}. */
export const DEFAULT_HTTP_TIMEOUTS: Required<HttpTimeouts> = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
};

function positive(name: keyof HttpTimeouts, value: number): number {
  if (!Number.isInteger(value) || value < 1) {
    throw new RangeError(
      `timeouts.${name} must be a whole number of milliseconds of 1 or more, got ${value}`,
    );
  }
  return value;
}

/**
 * The node:http server options for `timeouts`. Node checks running requests against the header and
 * request limits every `connectionsCheckingInterval` (30 s by default); it is set to a quarter of
 * the shorter limit (at most 1 s) so a slow client is cut close to its limit. Throws a RangeError
 * naming a bad value; the header limit may not exceed the request limit.
 */
export function httpServerOptions(timeouts: HttpTimeouts = {}): HttpServerOptions {
  const merged = { ...DEFAULT_HTTP_TIMEOUTS, ...timeouts };
  const headersTimeout = positive("headersTimeoutMs", merged.headersTimeoutMs);
  const requestTimeout = positive("requestTimeoutMs", merged.requestTimeoutMs);
  const keepAliveTimeout = positive("keepAliveTimeoutMs", merged.keepAliveTimeoutMs);
  if (headersTimeout > requestTimeout) {
    throw new RangeError(
      `timeouts.headersTimeoutMs (${headersTimeout}) must not exceed timeouts.requestTimeoutMs (${requestTimeout})`,
    );
  }
  return {
    headersTimeout,
    requestTimeout,
    keepAliveTimeout,
    connectionsCheckingInterval: Math.max(10, Math.min(1_000, Math.floor(headersTimeout / 4))),
  };
}
