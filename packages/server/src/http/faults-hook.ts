import { ApiError, RateLimitedError } from "../kernel/errors/api-error.js";
import { InternalError } from "../kernel/errors/http-errors.js";
import type { BotActor } from "../kernel/actors/actor.js";
import type { PendingFault } from "./faults.js";
import { DEFAULT_RATE_LIMITS } from "./rate-limiter.js";
import type { Reply } from "./reply.js";
import type { BotRoute } from "./route.js";
import type { ServerRuntime } from "./runtime.js";

/** Where the outcome of {@link applyCallFaults} goes. */
export interface FaultOutlet {
  /** Answer with `reply` instead of running the route (nothing changes). */
  answer(reply: Reply): void;
  /** Run the call as usual. */
  proceed(): void;
  /** Something failed after a delay (answer the error). */
  fail(error: unknown): void;
  /** The call now waits on the clock (a latency fault): only moving the clock answers it. */
  held(): void;
}

/** The call being faulted: its bot, route and path parameters. */
export interface FaultedCall {
  readonly bot: BotActor;
  readonly route: BotRoute;
  readonly method: string;
  /** The request path, without the query. */
  readonly path: string;
  param(name: string): string;
}

function tooManyRequests(runtime: ServerRuntime, call: FaultedCall, fault: PendingFault): Reply {
  const bucket = call.route.bucket?.(call.param);
  // Like a real 429: a route without its own bucket can only hit the bot's global limit.
  const global = fault.kind === "http" && fault.global !== undefined ? fault.global : bucket === undefined;
  const retryAfter = (fault.kind === "http" ? fault.retry_after : undefined) ?? 1;
  const settings = runtime.rateLimits ?? DEFAULT_RATE_LIMITS;
  const rule = !global && bucket ? settings[bucket.rule] : settings.globalPerBot;
  const error = new RateLimitedError(retryAfter * 1000, global);
  return {
    status: 429,
    body: error.body(),
    headers: {
      "retry-after": String(Math.ceil(retryAfter)),
      "x-ratelimit-limit": String(rule.limit),
      "x-ratelimit-remaining": "0",
      "x-ratelimit-reset-after": retryAfter.toFixed(3),
      "x-ratelimit-bucket": !global && bucket ? bucket.name : "global",
    },
  };
}

/** The answer an `http` fault gives in place of the route. */
export function faultReply(runtime: ServerRuntime, call: FaultedCall, fault: PendingFault): Reply {
  if (fault.kind !== "http" || fault.status === 429) return tooManyRequests(runtime, call, fault);
  const error =
    fault.status === 500
      ? new InternalError(new Error(`fault ${fault.id} injected by the dev API`))
      : new ApiError(503, "service_unavailable", "the service is unavailable; nothing was changed");
  return { status: error.status, body: error.body() };
}

/**
 * Applies the app's pending faults to one `/v1` call: a `latency` fault runs the rest of the call
 * `ms` later on the server's clock, and says so at once through `outlet.held()`; then an `http` fault answers its status instead of the route,
 * so nothing changes and no rate limit is counted. Calls without a fault run at once.
 */
export function applyCallFaults(runtime: ServerRuntime, call: FaultedCall, outlet: FaultOutlet): void {
  const faults = runtime.faults;
  const appId = call.bot.app.id;
  const run = () => {
    try {
      const fault = faults.take("http", appId, call.method, call.path);
      if (fault) outlet.answer(faultReply(runtime, call, fault));
      else outlet.proceed();
    } catch (error) {
      outlet.fail(error);
    }
  };
  const latency = faults.take("latency", appId, call.method, call.path);
  if (!latency) return run();
  runtime.core.clock.setTimer(latency.ms, run);
  outlet.held();
}
