import type { IncomingMessage, ServerResponse } from "node:http";
import { emptyErrors, SNOWFLAKE_RULE, validate } from "@chatbot/protocol";
import type * as v from "valibot";
import { type ApiError, InvalidBodyError, isApiError } from "../kernel/errors/api-error.js";
import { InternalError, MethodNotAllowedError, UnknownRouteError } from "../kernel/errors/http-errors.js";
import { isSnowflake } from "../kernel/ids.js";
import { authenticateBot, rateLimitBot } from "./bot-pipeline.js";
import { checkDevAccess, devPerson } from "./dev-pipeline.js";
import { applyCallFaults } from "./faults-hook.js";
import { readJsonBody } from "./read-body.js";
import type { RequestGuard } from "./request-guard.js";
import { RouteTable } from "./route-table.js";
import type { Reply } from "./reply.js";
import type { BotActor, PersonActor } from "../kernel/actors/actor.js";
import { HTTP_METHODS, type HttpMethod } from "./http-method.js";
import type { BaseContext, BotContext, DevContext, JsonRoute, RawHandler, Route } from "./route.js";
import type { ServerRuntime } from "./runtime.js";
import { type InspectedResponse, INSPECTION, send } from "./send.js";

type Params = Record<string, string | undefined>;

/** The answer of an error: its status and documented body; unknown errors are `500`s. */
export function errorReply(error: unknown): Reply {
  const apiError = isApiError(error) ? error : new InternalError(error);
  if (!isApiError(error)) console.error("unexpected error while answering a request", error);
  const headers: Record<string, string> = {};
  if (apiError.code === "rate_limited") {
    headers["retry-after"] = String(Math.ceil(Number(apiError.extra.retry_after ?? 0)));
  }
  if (apiError instanceof MethodNotAllowedError) headers.allow = apiError.allowed.join(", ");
  return { status: apiError.status, body: apiError.body(), headers, error: apiError };
}

function checkParams(params: Params): void {
  for (const [name, value] of Object.entries(params)) {
    if (name.endsWith("_id") && (value === undefined || !isSnowflake(value))) {
      throw InvalidBodyError.at(name, SNOWFLAKE_RULE);
    }
  }
}

/**
 * A `/v1` handler's context. Written out key by key rather than spread from `base`: spreading a
 * context on every request was a measurable part of each call.
 */
function botContext(base: BaseContext<unknown, unknown>, bot: BotActor): BotContext {
  return {
    runtime: base.runtime,
    core: base.core,
    body: base.body,
    query: base.query,
    headers: base.headers,
    param: base.param,
    bot,
  };
}

/** A `/dev/v1` handler's context (written out like {@link botContext}). */
function devContext(base: BaseContext<unknown, unknown>, person: PersonActor | null): DevContext {
  return {
    runtime: base.runtime,
    core: base.core,
    body: base.body,
    query: base.query,
    headers: base.headers,
    param: base.param,
    person,
    actor: () => {
      if (!person) throw InvalidBodyError.at("X-Dev-User", "is required: the id of the person who acts");
      return person;
    },
  };
}

/** `strict`: unknown keys at any depth are refused (dev bodies) rather than dropped (`/v1`). */
function checked<S extends v.GenericSchema>(
  schema: S | undefined,
  input: unknown,
  where: string,
  strict: boolean,
): unknown {
  if (!schema) return undefined;
  const result = validate(schema, input, strict ? { refuseUnknownKeys: true } : undefined);
  if (result.success) return result.output;
  const errors = emptyErrors();
  for (const [path, messages] of Object.entries(result.errors)) errors[path === "" ? where : path] = messages;
  throw new InvalidBodyError(errors, `invalid ${where}`);
}

/**
 * The HTTP request handler: the {@link RouteTable}, then for each request
 * authentication (bot token; for the dev API its {@link RequestGuard} and dev access), rate limits, path ids, body and query validation with
 * the route's schemas, the handler, and one JSON answer. It never leaves the `upgrade` event.
 */
export class HttpDispatcher {
  private readonly router = new RouteTable();
  /** The raw routes' tests and handlers, in table order. */
  private readonly raw: Array<{
    matches: (method: string | undefined, url: string) => boolean;
    handle: RawHandler;
  }> = [];

  constructor(
    private readonly runtime: ServerRuntime,
    routes: readonly Route[],
    private readonly guard?: RequestGuard,
  ) {
    for (const route of routes) {
      if (route.kind === "raw") {
        if (!guard) throw new Error(`the raw route ${route.path} needs the dispatcher's request guard`);
        this.raw.push({ matches: route.matches, handle: route.create(runtime, guard) });
      } else this.router.add(route);
    }
  }

  /** The `request` listener of the http.Server. */
  readonly handle = (req: IncomingMessage, res: ServerResponse): void => {
    const url = req.url ?? "/";
    for (const raw of this.raw) {
      if (raw.matches(req.method, url)) {
        raw.handle(req, res);
        return;
      }
    }
    try {
      this.route(req, res);
    } catch (error) {
      send(res, errorReply(error));
    }
  };

  private route(req: IncomingMessage, res: ServerResponse): void {
    const method = req.method ?? "GET";
    const url = req.url ?? "/";
    const found = (HTTP_METHODS as readonly string[]).includes(method)
      ? this.router.find(method as HttpMethod, url)
      : null;
    if (!found) throw this.missing(method, url);
    const { route, params } = found;
    if (route.kind === "bot") {
      const bot = authenticateBot(this.runtime, req);
      const inspection = (res as InspectedResponse)[INSPECTION];
      if (inspection) inspection.app = bot.app;
      const param = (name: string) => params[name] ?? "";
      const proceed = () => {
        const rate = rateLimitBot(this.runtime, bot, route, param);
        if (rate.limited) {
          send(res, errorReply(rate.limited), rate.headers);
          return;
        }
        this.run(
          req,
          res,
          route,
          params,
          found.searchParams,
          rate.headers,
          (base) => route.handle(botContext(base, bot)),
          rate.refund,
        );
      };
      // Dev API faults (latency, injected errors) come before rate limits and the handler.
      if (this.runtime.faults.empty) {
        proceed();
        return;
      }
      const call = { bot, route, method, path: url.split("?")[0] ?? url, param };
      const fail = (error: unknown) => send(res, errorReply(error));
      // A call held on the clock is told so with `102 Processing` once its timer is armed: a client
      // (the REST client's idle()) then counts it as waiting on the clock.
      const held = () => res.writeProcessing();
      applyCallFaults(this.runtime, call, { answer: (reply) => send(res, reply), fail, proceed, held });
      return;
    }
    this.guard?.check(req);
    checkDevAccess(this.runtime.devAccess, req.headers, method, url);
    this.run(req, res, route, params, found.searchParams, undefined, (base) => {
      const person = devPerson(this.runtime, req);
      return route.handle(devContext(base, person));
    });
  }

  private run(
    req: IncomingMessage,
    res: ServerResponse,
    route: JsonRoute,
    params: Params,
    searchParams: Record<string, string>,
    headers: Record<string, string> | undefined,
    call: (base: BaseContext<unknown, unknown>) => Reply,
    refund: (() => void) | null = null,
  ): void {
    // A request refused before it was accepted gives its route's rate limit back: only accepted
    // posts count against a channel's messages.
    const refuse = (error: unknown, extra = headers) => {
      refund?.();
      send(res, errorReply(error), extra);
    };
    const finish = (body: unknown) => {
      try {
        this.answer(req, res, route, params, searchParams, headers, call, body);
      } catch (error) {
        refuse(error);
      }
    };
    if (!route.body) {
      finish(undefined);
      return;
    }
    readJsonBody(req, this.runtime.maxBodyBytes, (error, body) => {
      if (error) refuse(error);
      else finish(body);
    });
  }

  private answer(
    req: IncomingMessage,
    res: ServerResponse,
    route: JsonRoute,
    params: Params,
    searchParams: Record<string, string>,
    headers: Record<string, string> | undefined,
    call: (base: BaseContext<unknown, unknown>) => Reply,
    body: unknown,
  ): void {
    checkParams(params);
    const base: BaseContext<unknown, unknown> = {
      runtime: this.runtime,
      core: this.runtime.core,
      body: checked(route.body, body, "body", route.kind === "dev"),
      query: checked(route.query, searchParams, "query", false),
      headers: req.headers,
      param: (name) => {
        const value = params[name];
        if (value === undefined)
          throw new InternalError(new Error(`route ${route.path} has no param ${name}`));
        return value;
      },
    };
    send(res, call(base), headers);
  }

  private missing(method: string, url: string): ApiError {
    const path = url.split("?")[0] ?? url;
    const allowed = HTTP_METHODS.filter((m) => m !== method && this.router.find(m, url));
    if (allowed.length > 0) return new MethodNotAllowedError(method, path, allowed);
    return new UnknownRouteError(method, path);
  }
}
