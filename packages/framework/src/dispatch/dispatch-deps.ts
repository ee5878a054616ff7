import type { WorldView } from "@chatbot/gateway";
import type { RestClient } from "@chatbot/rest";
import type { DependencyContainer } from "tsyringe";
import type { BotTelemetry } from "./telemetry.js";
import type { CommandContext } from "../context/command-context.js";
import type { EventContext } from "../context/event-context.js";
import type { Middleware } from "../middleware/compose.js";
import type { HandlerFailure } from "./handler-failure.js";
import type { Clock, Logger } from "../services.js";
import type { InFlight } from "./in-flight.js";
import type { RunHook } from "../context/run-notice.js";

/** What the dispatch steps read of the bot's options (`BotOptions`, which has each of them). */
export interface DispatchOptions {
  readonly middleware?: readonly Middleware<CommandContext>[];
  readonly eventMiddleware?: readonly Middleware<EventContext>[];
  readonly autoDefer?: false | { readonly afterMs?: number };
  readonly onError?: (error: unknown, where: HandlerFailure) => unknown;
  readonly ordered?: boolean;
  readonly telemetry?: { readonly eventSpans?: boolean };
  readonly onRun?: RunHook;
}

/** What the dispatch steps use of the bot: its services, its options and its running handlers. */
export interface DispatchDeps {
  readonly container: DependencyContainer;
  /** The container a command's, listener's or job's class is made in: its plugin's, else the bot's. */
  containerOf(target: abstract new (...args: never[]) => unknown): DependencyContainer;
  readonly rest: RestClient;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly options: DispatchOptions;
  /** The bot's world view, which contexts read. */
  readonly world: WorldView;
  /** The bot's telemetry now (`refreshTelemetry()` makes it again). */
  telemetry(): BotTelemetry;
  /** The bot user's id, once the connection is ready. */
  botUserId(): string;
  readonly inFlight: InFlight;
  /** The interactions whose handlers run now: `stop()` defers those not answered yet. */
  readonly contexts: Set<CommandContext>;
}

/** Hands `error` to the bot's `onError` hook; a hook that throws is logged, never thrown on. */
export async function reportError(deps: DispatchDeps, error: unknown, where: HandlerFailure): Promise<void> {
  try {
    await deps.options.onError?.(error, where);
  } catch (hookError) {
    deps.logger.error("the onError hook threw", hookError);
  }
}

/**
 * A handler threw: counted in `chatbot.handler.errors` under `label`, logged with `line`, and given
 * to `onError`.
 */
export async function handlerFailed(
  deps: DispatchDeps,
  error: unknown,
  label: string,
  line: string,
  where: HandlerFailure,
): Promise<void> {
  deps.telemetry().handlerError(where.kind, label);
  deps.logger.error(line, error);
  await reportError(deps, error, where);
}
