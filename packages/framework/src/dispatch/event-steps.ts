import type { GatewayDispatch } from "@chatbot/gateway";
import { guildOfEvent } from "@chatbot/protocol";
import type { KeyedQueue } from "@chatbot/kit";
import type { Span } from "@opentelemetry/api";
import type { RecoveryKeeper } from "./recovery-keeper.js";
import { failed } from "./telemetry.js";
import { EventContext } from "../context/event-context.js";
import type { HandlerDefinition } from "../definitions/listener-definition.js";
import { type Middleware, runMiddleware } from "../middleware/compose.js";
import { type DispatchDeps, handlerFailed } from "./dispatch-deps.js";
import { catchingStep, type NamedStep } from "./pipeline.js";
import { resolveClass } from "./resolve-class.js";

/** One gateway event on its way through the event pipeline to the handlers of its name. */
export interface EventRun {
  readonly event: GatewayDispatch;
  /** The handlers this run reaches (the `order` step may split them). */
  handlers: readonly HandlerDefinition[];
  /** Set when an earlier step runs it in its server's queue already (a conversation's answer). */
  inLane?: boolean;
}

/** One handler's run for one event, through that handler's pipeline. */
export interface HandlerRun {
  readonly event: GatewayDispatch;
  readonly ctx: EventContext;
  readonly handler: HandlerDefinition;
  /** The run's span, once the `telemetry` step opened one. */
  span: Span | null;
}

/**
 * Step `recovery-cursor`: a message's handlers count as begun until they end, so the recovery
 * point kept for the next process never passes a message still being handled. A message read back
 * after a restart that an earlier process finished goes no further; one it began is flagged
 * `redelivered` (`ctx.redelivered`).
 */
export function recoveryCursor(keeper: RecoveryKeeper): NamedStep<EventRun> {
  return {
    name: "recovery-cursor",
    run: async ({ event }, next) => {
      if (event.name !== "MESSAGE_CREATE") return next();
      if (event.data.recovered === true) {
        const replayed = keeper.replayed(event.data);
        if (replayed === "finished") {
          keeper.began(event.data);
          keeper.ended(event.data);
          return;
        }
        if (replayed === "again") (event.data as { redelivered?: boolean }).redelivered = true;
      }
      keeper.began(event.data);
      try {
        await next();
      } finally {
        keeper.ended(event.data);
      }
    },
  };
}

/**
 * Step `order`: the ordered handlers (`@On(e, { ordered: true })`, or all with the bot's `ordered`)
 * of a server's event start once those of the server's previous events have ended; the others run
 * at once beside them (`unordered`: the steps after this one). Events of no server are not held.
 */
export function orderPerServer(
  queue: KeyedQueue<string>,
  all: boolean,
  unordered: (run: EventRun) => Promise<void>,
): NamedStep<EventRun> {
  return {
    name: "order",
    run: (run, next) => {
      if (run.inLane === true) return next();
      const { event, handlers } = run;
      const guildId = all || handlers.some((h) => h.ordered) ? guildOfEvent(event.name, event.data) : null;
      if (guildId === null) return next();
      if (all) return queue.run(guildId, next);
      const free = handlers.filter((h) => !h.ordered);
      run.handlers = handlers.filter((h) => h.ordered);
      const mine = queue.run(guildId, next);
      if (free.length === 0) return mine;
      return Promise.all([mine, unordered({ event, handlers: free })]).then(() => undefined);
    },
  };
}

/** Step `handlers`, the last: each handler of the run in turn, through its own pipeline. */
export function runHandlers(
  deps: DispatchDeps,
  pipelineOf: (handler: HandlerDefinition) => { run(run: HandlerRun): Promise<void> },
): (run: EventRun) => Promise<void> {
  const inTurn = async (
    event: GatewayDispatch,
    ctx: EventContext,
    handlers: readonly HandlerDefinition[],
  ) => {
    for (const handler of handlers) await pipelineOf(handler).run({ event, ctx, handler, span: null });
  };
  return ({ event, handlers }) => {
    const ctx = new EventContext(event.name, event.data, deps.botUserId(), deps.container, deps.world);
    // The usual case, one handler: its pipeline's promise is the run's, with no loop around it.
    const only = handlers.length === 1 ? handlers[0]! : null;
    if (only) return pipelineOf(only).run({ event, ctx, handler: only, span: null });
    return inTurn(event, ctx, handlers);
  };
}

/** Step `once`: an `@Once` handler runs for the first event only. */
export function once(): NamedStep<HandlerRun> {
  const fired = new Set<HandlerDefinition>();
  return {
    name: "once",
    run: (run, next) => {
      if (fired.has(run.handler)) return;
      fired.add(run.handler);
      return next();
    },
  };
}

/** Step `telemetry` (with `telemetry: { eventSpans: true }`): a span per listener run. */
export function handlerTelemetry(deps: DispatchDeps): NamedStep<HandlerRun> {
  return {
    name: "telemetry",
    run: (run, next) => {
      const { event, handler } = run;
      const attributes = { "chatbot.event": event.name, "chatbot.handler": handler.label };
      return deps.telemetry().span(`event ${event.name} ${handler.label}`, attributes, (span) => {
        run.span = span;
        return next();
      });
    },
  };
}

/** Step `errors`: a handler that threw is counted, logged and reported; the next handler runs. */
export function handlerErrors(deps: DispatchDeps): NamedStep<HandlerRun> {
  return catchingStep("errors", async (run, error) => {
    const { event, handler, ctx } = run;
    if (run.span) failed(run.span, error);
    const where = { kind: "event", ctx, handler: handler.label } as const;
    await handlerFailed(deps, error, handler.label, `${handler.label} (@On "${event.name}") threw`, where);
  });
}

/** Step `middleware`: the bot's event middleware, then the listener's own. */
export function handlerMiddleware(chain: readonly Middleware<EventContext>[]): NamedStep<HandlerRun> {
  return { name: "middleware", run: (run, next) => runMiddleware(chain, run.ctx, next) };
}

/** Step `handler`, the last: makes the listener's class and calls the method with the payload. */
export function callHandler(deps: DispatchDeps): NamedStep<HandlerRun> {
  return {
    name: "handler",
    // What the method returns goes to the pipeline as it is (it makes a promise of a plain value).
    run: ({ event, ctx, handler }) => {
      const instance = resolveClass(
        deps.containerOf(handler.target),
        handler.target as unknown as new () => Record<string | symbol, unknown>,
      );
      return (instance[handler.method] as (payload: unknown, ctx: EventContext) => Promise<void> | void).call(
        instance,
        event.data,
        ctx,
      );
    },
  };
}
