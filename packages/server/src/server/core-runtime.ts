import { CloseCode } from "@chatbot/protocol";
import { InvalidBodyError } from "../kernel/errors/api-error.js";
import type { Gateway } from "../gateway/gateway.js";
import type { FaultRegistry } from "../http/faults.js";
import type { RateLimiter, RateLimitSettings } from "../http/rate-limiter.js";
import type { Inspector } from "../inspector/inspector.js";
import type { LiveFeed } from "../inspector/live-feed.js";
import type { DevAccess, ServerRuntime } from "../http/runtime.js";
import { SeedError } from "../seed/seed-error.js";
import { seedToRows } from "../seed/seed-rows.js";
import type { ParsedSeedWorld } from "@chatbot/protocol/dev";
import type { Kernel } from "../kernel/kernel.js";

/** The settings a {@link CoreRuntime} is made with: the runtime's fields, without its methods. */
export type CoreRuntimeOptions = Omit<ServerRuntime, "baseUrl" | "gatewayUrl" | "reset" | "replaceWorld">;

/** The {@link ServerRuntime} of a started server. */
export class CoreRuntime implements ServerRuntime {
  readonly core: Kernel;
  readonly limiter: RateLimiter;
  readonly rateLimits: RateLimitSettings | null;
  readonly maxBodyBytes: number;
  readonly devAccess: DevAccess;
  readonly heartbeatIntervalMs: number;
  readonly gateway: Gateway;
  readonly faults: FaultRegistry;
  readonly inspector: Inspector | null;
  readonly feed: LiveFeed;
  private urls = { base: "", gateway: "" };

  constructor(options: CoreRuntimeOptions) {
    this.core = options.core;
    this.limiter = options.limiter;
    this.rateLimits = options.rateLimits;
    this.maxBodyBytes = options.maxBodyBytes;
    this.devAccess = options.devAccess;
    this.heartbeatIntervalMs = options.heartbeatIntervalMs;
    this.gateway = options.gateway;
    this.faults = options.faults;
    this.inspector = options.inspector;
    this.feed = options.feed;
  }

  /** Records the addresses once the server listens. */
  setUrls(base: string, gateway: string): void {
    this.urls = { base, gateway };
  }

  baseUrl(): string {
    return this.urls.base;
  }

  gatewayUrl(): string {
    return this.urls.gateway;
  }

  /**
   * Empties the world. Every app is gone with it, so each open gateway connection closes at once
   * with `4004` (as for a deleted app) instead of lingering until its next token re-check and then
   * seeing events of whatever world is loaded next under the same ids.
   */
  reset(): void {
    this.dropSessions();
    this.gateway.clearSessionLog();
    this.core.reset();
    this.forgetWorldViews();
  }

  replaceWorld(seed: ParsedSeedWorld): void {
    let rows: ReturnType<typeof seedToRows>;
    try {
      rows = seedToRows(seed, this.core.clock.now());
    } catch (error) {
      if (error instanceof SeedError) throw new InvalidBodyError(error.errors, error.message);
      throw error;
    }
    this.dropSessions();
    this.core.replaceRows(rows);
    this.forgetWorldViews();
  }

  /** After the world was reset or replaced: the inspector's records of the old one go, pages are told. */
  private forgetWorldViews(): void {
    this.inspector?.clear();
    this.feed.reset();
  }

  /** Closes the gateway connections of the world's apps (`4004`), and forgets limits and faults. */
  private dropSessions(): void {
    const appIds = [...this.core.world.tables.apps.values()].map((app) => app.id);
    for (const appId of appIds)
      this.gateway.closeApp(appId, CloseCode.AuthenticationFailed, "the world was reset");
    this.limiter.clear();
    this.faults.clear();
  }
}
