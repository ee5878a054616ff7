import { type Intent, isIntent, LIMITS } from "@chatbot/protocol";
import { type ReconnectOptions, type ResolvedReconnectOptions, resolveReconnectOptions } from "./backoff.js";
import { type GatewayClock, realClock } from "./clock.js";
import { GatewayIntentsError, GatewayOptionsError } from "./gateway-error.js";
import type { IdentifyLimit } from "./identify-limiter.js";
import type { MessageHistory } from "./channel-history.js";
import type { RecoveryChannels } from "./recovery-types.js";
import type { WorldViewOptions } from "./world/world-view.js";
import type { Channel } from "@chatbot/protocol";

/** What the gateway client uses of a REST client: `RestClient` from `@chatbot/rest` is one. */
export interface GatewayRest extends MessageHistory {
  /** `GET /v1/gateway`: the gateway's address. */
  getGatewayUrl(): Promise<string>;
}

/** Options of a {@link GatewayClient}. */
export interface GatewayClientOptions {
  /** The bot token, sent in `identify`. */
  readonly token: string;
  /** The intents asked for in `identify` (each server grants them within its install). */
  readonly intents: readonly Intent[];
  /**
   * The REST client, for the gateway address and for recovery after a drop. Without it, give
   * `gatewayUrl`; recovery is then off.
   */
  readonly rest?: GatewayRest;
  /** The gateway address; default: asked of `rest` (`GET /v1/gateway`) once. */
  readonly gatewayUrl?: string;
  /**
   * Fetch the messages missed during a drop after each reconnect (default `true`; needs `rest` and
   * the `guild_messages` intent). `maxMessagesPerChannel` caps one channel's recovery (1,000, the
   * newest are kept); `maxAgeMs` how far back it reads (86,400,000: 24 h; an older cursor reads
   * from then); `channels` says which channels are read back (`"all"` readable ones, the default;
   * `"none"`; or those a function keeps). Reads after a drop go at the REST client's background
   * priority, so the bot's own calls go first; the catch-up of a start after `resumeFrom` at normal
   * priority.
   */
  readonly recovery?:
    | boolean
    | {
        readonly maxMessagesPerChannel?: number;
        readonly maxAgeMs?: number;
        readonly channels?: RecoveryChannels;
      };
  /** Events queued for listeners at most (10,000); past it new events are dropped and counted. */
  readonly maxQueuedEvents?: number;
  /** Reconnect waits: first 1 s, doubling with ±20 % jitter up to 60 s, reset after 60 s ready. */
  readonly reconnect?: ReconnectOptions;
  /** Identifies sent at most (5 in 5,000 ms: the service's limit per bot). */
  readonly identifyLimit?: IdentifyLimit;
  /** How long the WebSocket upgrade may take, and then the service's `hello` (10,000 ms each). */
  readonly handshakeTimeoutMs?: number;
  /**
   * How long {@link GatewayClient.close} waits for the service to answer its close before it cuts
   * the socket (5,000 ms, on the wall clock): a network that went silent holds no close longer.
   */
  readonly closeTimeoutMs?: number;
  /** The time source of every timer (tests pass a manual clock); default the wall clock. */
  readonly clock?: GatewayClock;
  /**
   * What the client's world view ({@link GatewayClient.world}) keeps besides servers, channels and
   * roles: the people met, `{ members: { maxPerServer } }` (10,000 by default) or `{ members: false }`.
   */
  readonly world?: WorldViewOptions;
}

/** The options, checked and filled in. */
export interface ResolvedGatewayOptions {
  readonly token: string;
  readonly intents: readonly Intent[];
  readonly rest: GatewayRest | null;
  readonly gatewayUrl: string | null;
  readonly recovery: {
    readonly maxMessagesPerChannel: number;
    readonly maxAgeMs: number;
    readonly channels: (channel: Channel) => boolean;
  } | null;
  readonly maxQueuedEvents: number;
  readonly reconnect: ResolvedReconnectOptions;
  readonly identifyLimit: IdentifyLimit;
  readonly handshakeTimeoutMs: number;
  readonly closeTimeoutMs: number;
  readonly clock: GatewayClock;
}

function fail(message: string): never {
  throw new GatewayOptionsError("invalid_option", message);
}

function positiveInt(name: string, value: number | undefined, fallback: number): number {
  const n = value ?? fallback;
  if (!Number.isInteger(n) || n < 1)
    fail(`${name} must be a whole number of 1 or more, got ${String(value)}`);
  return n;
}

/** Checks `options`; a bad one throws a {@link GatewayOptionsError} naming the option and the rule. */
export function resolveGatewayOptions(options: GatewayClientOptions): ResolvedGatewayOptions {
  if (typeof options?.token !== "string" || options.token === "") {
    fail("token must be the bot token, a non-empty string");
  }
  if (!Array.isArray(options.intents)) fail("intents must be an array of intent names");
  options.intents.forEach((name, i) => {
    if (typeof name !== "string" || !isIntent(name)) {
      throw new GatewayIntentsError(
        "invalid_intents",
        `intents.${i} must be an intent of the interface, got ${JSON.stringify(name)}`,
      );
    }
  });
  if (!options.rest && !options.gatewayUrl) fail("give rest (a RestClient) or gatewayUrl");
  if (options.gatewayUrl !== undefined && !/^wss?:\/\//.test(options.gatewayUrl)) {
    fail(`gatewayUrl must be a ws:// or wss:// address, got ${JSON.stringify(options.gatewayUrl)}`);
  }
  const channels = typeof options.recovery === "object" ? (options.recovery.channels ?? "all") : "all";
  if (channels !== "all" && channels !== "none" && typeof channels !== "function") {
    fail(
      `recovery.channels must be "all", "none" or a function of a channel, got ${JSON.stringify(channels)}`,
    );
  }
  const wantsRecovery = options.recovery !== false && channels !== "none";
  const maxMessagesPerChannel = positiveInt(
    "recovery.maxMessagesPerChannel",
    typeof options.recovery === "object" ? options.recovery.maxMessagesPerChannel : undefined,
    1_000,
  );
  const maxAgeMs = positiveInt(
    "recovery.maxAgeMs",
    typeof options.recovery === "object" ? options.recovery.maxAgeMs : undefined,
    86_400_000,
  );
  const identifyLimit = options.identifyLimit ?? {
    limit: LIMITS.gatewayIdentifyRateCount,
    windowMs: LIMITS.gatewayIdentifyRateWindowMs,
  };
  positiveInt("identifyLimit.limit", identifyLimit.limit, 1);
  if (!(identifyLimit.windowMs >= 0))
    fail(`identifyLimit.windowMs must be 0 or more, got ${identifyLimit.windowMs}`);
  return {
    token: options.token,
    intents: [...options.intents],
    rest: options.rest ?? null,
    gatewayUrl: options.gatewayUrl ?? null,
    recovery:
      wantsRecovery && options.rest && options.intents.includes("guild_messages")
        ? {
            maxMessagesPerChannel,
            maxAgeMs,
            channels: typeof channels === "function" ? channels : () => true,
          }
        : null,
    maxQueuedEvents: positiveInt("maxQueuedEvents", options.maxQueuedEvents, 10_000),
    reconnect: resolveReconnectOptions(options.reconnect),
    identifyLimit,
    handshakeTimeoutMs: positiveInt("handshakeTimeoutMs", options.handshakeTimeoutMs, 10_000),
    closeTimeoutMs: positiveInt("closeTimeoutMs", options.closeTimeoutMs, 5_000),
    clock: options.clock ?? realClock,
  };
}
