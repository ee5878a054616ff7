import type { IncomingMessage } from "node:http";
import { RateLimitedError, UnauthorizedError } from "../kernel/errors/api-error.js";
import type { BotActor } from "../kernel/actors/actor.js";
import { authenticateToken } from "../kernel/actors/tokens.js";
import type { RateLimitResult } from "./rate-limiter.js";
import type { BotRoute } from "./route.js";
import type { ServerRuntime } from "./runtime.js";

/**
 * The bot behind `Authorization: Bot <token>`: the token is looked up by its SHA-256, and the app
 * must exist and be switched on. Anything else (no header, another scheme, a wrong token) answers
 * `401 unauthorized`.
 */
export function authenticateBot(runtime: ServerRuntime, req: IncomingMessage): BotActor {
  const header = req.headers.authorization;
  if (header === undefined || !header.startsWith("Bot ")) {
    throw new UnauthorizedError("send the bot token as Authorization: Bot <token>");
  }
  const bot = authenticateToken(runtime.core, header.slice(4).trim());
  if (!bot) throw new UnauthorizedError("the bot token is not valid");
  return bot;
}

/** The rate-limit headers of an answer. */
export function rateLimitHeaders(result: RateLimitResult): Record<string, string> {
  return {
    "x-ratelimit-limit": String(result.limit),
    "x-ratelimit-remaining": String(result.remaining),
    "x-ratelimit-reset-after": (result.resetAfterMs / 1000).toFixed(3),
    "x-ratelimit-bucket": result.bucket,
  };
}

/** What the limiter decided for one request: its headers, and the error when it is limited. */
export interface RateDecision {
  readonly headers: Record<string, string> | undefined;
  readonly limited: RateLimitedError | null;
  /** Gives the route's bucket its request back, for a request refused before it was accepted. */
  readonly refund: (() => void) | null;
}

const OFF: RateDecision = { headers: undefined, limited: null, refund: null };

/**
 * Counts a `/v1` request: first the bot's global bucket (50/s; a `429` there has `global: true`),
 * then the route's own bucket if it has one (per channel for messages and reactions). The headers
 * report the route's bucket when there is one, else the global one.
 */
export function rateLimitBot(
  runtime: ServerRuntime,
  bot: BotActor,
  route: BotRoute,
  param: (name: string) => string,
): RateDecision {
  const settings = runtime.rateLimits;
  if (!settings) return OFF;
  const global = runtime.limiter.take(`global:${bot.app.id}`, "global", settings.globalPerBot);
  if (!global.allowed) {
    return {
      headers: rateLimitHeaders(global),
      limited: new RateLimitedError(global.resetAfterMs, true),
      refund: null,
    };
  }
  if (!route.bucket) return { headers: rateLimitHeaders(global), limited: null, refund: null };
  const bucket = route.bucket(param);
  const key = `${bucket.name}:${bot.app.id}`;
  const result = runtime.limiter.take(key, bucket.name, settings[bucket.rule]);
  return {
    headers: rateLimitHeaders(result),
    limited: result.allowed ? null : new RateLimitedError(result.resetAfterMs, false),
    refund: result.allowed ? () => runtime.limiter.refund(key) : null,
  };
}
