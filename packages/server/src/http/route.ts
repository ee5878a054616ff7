import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import type * as v from "valibot";
import type { Feature, Kernel } from "../kernel/kernel.js";
import type { BotActor, PersonActor } from "../kernel/actors/actor.js";
import type { RateLimitSettings } from "./rate-limiter.js";
import type { HttpMethod } from "./http-method.js";
import type { Reply } from "./reply.js";
import type { RequestGuard } from "./request-guard.js";
import type { ServerRuntime } from "./runtime.js";

/** What every handler gets: the runtime, path params, the validated body and query. */
export interface BaseContext<B, Q> {
  readonly runtime: ServerRuntime;
  readonly core: Kernel;
  readonly body: B;
  readonly query: Q;
  readonly headers: IncomingHttpHeaders;
  /** A path parameter of the route (ids are already checked to be snowflakes). */
  param(name: string): string;
}

/** A `/v1` handler's context: the bot behind the token. */
export interface BotContext<B = unknown, Q = unknown> extends BaseContext<B, Q> {
  readonly bot: BotActor;
}

/** A `/dev/v1` handler's context: the person named by `X-Dev-User`, if any. */
export interface DevContext<B = unknown, Q = unknown> extends BaseContext<B, Q> {
  readonly person: PersonActor | null;
  /** The acting person; `400` when `X-Dev-User` is missing. */
  actor(): PersonActor;
}

/** A route-specific rate-limit bucket (checked after the bot's global one). */
export interface RouteBucket {
  /** Which configured rule applies. */
  readonly rule: keyof RateLimitSettings;
  /** The public name (`X-RateLimit-Bucket`), e.g. `message_create:<channel_id>`. */
  readonly name: string;
}

type Out<S> = S extends v.GenericSchema ? v.InferOutput<S> : undefined;

interface RouteSpecBase<BS, QS> {
  readonly method: HttpMethod;
  /** The route table's path; `:name` params ending in `_id` must be snowflakes. */
  readonly path: string;
  /** The body schema (bodies are read only for routes that declare one). */
  readonly body?: BS;
  /** The query schema (values are strings). */
  readonly query?: QS;
}

/** A `/v1` route as declared in a route file. */
export interface BotRouteSpec<BS, QS> extends RouteSpecBase<BS, QS> {
  readonly bucket?: (param: (name: string) => string) => RouteBucket;
  handle(ctx: BotContext<Out<BS>, Out<QS>>): Reply;
}

/** A `/dev/v1` route as declared in a route file. */
export interface DevRouteSpec<BS, QS> extends RouteSpecBase<BS, QS> {
  handle(ctx: DevContext<Out<BS>, Out<QS>>): Reply;
}

/** A `/v1` route in the table. */
export interface BotRoute extends RouteSpecBase<v.GenericSchema, v.GenericSchema> {
  readonly kind: "bot";
  readonly bucket?: (param: (name: string) => string) => RouteBucket;
  handle(ctx: BotContext): Reply;
}

/** A `/dev/v1` route in the table. */
export interface DevRoute extends RouteSpecBase<v.GenericSchema, v.GenericSchema> {
  readonly kind: "dev";
  handle(ctx: DevContext): Reply;
}

/** What a {@link RawRoute} answers with: the request and its response, written by the route itself. */
export type RawHandler = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * A route that answers the request itself instead of with one JSON reply: webhook executions, the
 * front page, the console's files and the live stream. The dispatcher asks each raw route, in table
 * order, whether a request is its own before it looks the JSON routes up.
 */
export interface RawRoute {
  readonly kind: "raw";
  /** Where it lives, for people (`/api/webhooks/{id}/{secret}`). */
  readonly path: string;
  /** Whether the request is this route's (a test of the method and URL only, on every request). */
  matches(method: string | undefined, url: string): boolean;
  /** Its handler, made once the server's runtime exists. */
  create(runtime: ServerRuntime, guard: RequestGuard): RawHandler;
}

/** A route of the table. */
export type Route = BotRoute | DevRoute | RawRoute;

/** A route answered through the JSON pipeline of the dispatcher. */
export type JsonRoute = BotRoute | DevRoute;

/** Declares a `/v1` route with its schemas; the handler gets the validated, typed body and query. */
export function botRoute<
  BS extends v.GenericSchema | undefined = undefined,
  QS extends v.GenericSchema | undefined = undefined,
>(spec: BotRouteSpec<BS, QS>): BotRoute {
  return { kind: "bot", ...spec } as unknown as BotRoute;
}

/** Declares a `/dev/v1` route with its schemas. */
export function devRoute<
  BS extends v.GenericSchema | undefined = undefined,
  QS extends v.GenericSchema | undefined = undefined,
>(spec: DevRouteSpec<BS, QS>): DevRoute {
  return { kind: "dev", ...spec } as unknown as DevRoute;
}

/** A feature of the server as the assembly installs it: its hooks, and its `/v1` and `/dev/v1` routes. */
export type ServerFeature = Feature<Route>;
