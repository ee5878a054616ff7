import type { Kernel } from "../kernel/kernel.js";
import type { Gateway } from "../gateway/gateway.js";
import type { ParsedSeedWorld } from "@chatbot/protocol/dev";
import type { Inspector } from "../inspector/inspector.js";
import type { LiveFeed } from "../inspector/live-feed.js";
import type { FaultRegistry } from "./faults.js";
import type { RateLimiter, RateLimitSettings } from "./rate-limiter.js";

/** Who may use `/dev/v1`: anyone (loopback), holders of a key, or nobody (bound beyond loopback, no key). */
export type DevAccess =
  { readonly mode: "open" } | { readonly mode: "key"; readonly key: string } | { readonly mode: "off" };

/**
 * What route handlers reach beyond the core: the limiter, the settings, the addresses (known once
 * the server listens) and the world-wide actions of the dev API.
 */
export interface ServerRuntime {
  readonly core: Kernel;
  readonly limiter: RateLimiter;
  /** Null when rate limits are switched off. */
  readonly rateLimits: RateLimitSettings | null;
  readonly maxBodyBytes: number;
  readonly devAccess: DevAccess;
  readonly heartbeatIntervalMs: number;
  /**
   * The gateway. Events that no change record carries are sent through it, after the caller has
   * checked what the bot may see: `runtime.gateway.dispatch(appId, "INTERACTION_CREATE", data)`
   * answers `false` when the app has no open connection; `connectionOf(appId)` gives the
   * connection itself. Changes of the world reach bots by themselves (the core's change stream).
   */
  readonly gateway: Gateway;
  /** Pending `http` and `latency` faults of the dev API (`/dev/v1/faults`). */
  readonly faults: FaultRegistry;
  /** What the service did for each app (`GET /dev/v1/inspector`); null when switched off. */
  readonly inspector: Inspector | null;
  /** Which tables, servers and channels each commit touched (`GET /dev/v1/stream`). */
  readonly feed: LiveFeed;
  /** `http://host:port`. */
  baseUrl(): string;
  /** `ws://host:port/v1/gateway`. */
  gatewayUrl(): string;
  /**
   * Empties the world, the store, the limiter and the pending faults, and closes every gateway
   * connection with `4004` (`POST /dev/v1/reset`).
   */
  reset(): void;
  /** Resets, then loads a validated seed (`PUT /dev/v1/world`); a bad seed leaves the world as it was. */
  replaceWorld(seed: ParsedSeedWorld): void;
}
