import type { GatewayDispatch, GatewayInteraction } from "@chatbot/gateway";
import { KeyedQueue } from "@chatbot/kit";
import type { RecoveryKeeper } from "./recovery-keeper.js";
import { CommandContext } from "../context/command-context.js";
import type { Conversations } from "../conversations/conversations.js";
import type { CommandDefinition } from "../definitions/command-definition.js";
import type { HandlerDefinition, ScheduleDefinition } from "../definitions/listener-definition.js";
import { FrameworkError } from "../errors.js";
import type { JobInfo } from "../state/scheduler.js";
import {
  autoDefer,
  commandMiddleware,
  type CommandRun,
  commandTelemetry,
  errorReply,
  logUse,
  runCommand,
  trackContext,
  unknownCommand,
} from "./command-steps.js";
import type { DispatchDeps } from "./dispatch-deps.js";
import {
  callHandler,
  type EventRun,
  handlerErrors,
  handlerMiddleware,
  type HandlerRun,
  handlerTelemetry,
  once,
  orderPerServer,
  recoveryCursor,
  runHandlers,
} from "./event-steps.js";
import { conversationAnswers } from "./conversation-step.js";
import { inFlightStep } from "./in-flight-step.js";
import { callJob, jobErrors, type JobRun, jobTelemetry } from "./job-steps.js";
import { type NamedStep, Pipeline } from "./pipeline.js";
import { noticeHandlerRun, noticeJobRun } from "./run-steps.js";

/** What the bot dispatches to: its commands, its listeners' handlers by event, its jobs. */
export interface DispatchTargets {
  readonly commands: ReadonlyMap<string, CommandDefinition>;
  readonly handlers: ReadonlyMap<string, readonly HandlerDefinition[]>;
  readonly schedules: ReadonlyMap<string, ScheduleDefinition>;
}

/**
 * The bot's three pipelines: a command use, an event's handlers (each handler through a pipeline
 * of its own) and a due job, each assembled from named steps. The bot asks them to run.
 */
export class Dispatcher {
  /** Command uses: in-flight, unknown-command, track, auto-defer, telemetry, log, error-reply, middleware, handler. */
  readonly commands: Pipeline<CommandRun>;
  /**
   * Events: recovery-cursor (with a kept recovery point), in-flight, conversations (with
   * conversations), order (with ordered handlers), handlers.
   */
  readonly events: Pipeline<EventRun>;
  /** Jobs: in-flight, errors, telemetry, handler. */
  readonly jobs: Pipeline<JobRun>;
  /** Per server, the ordered handlers' queue: the `order` step's, for hosts that order likewise. */
  readonly serverQueue = new KeyedQueue<string>();
  readonly #deps: DispatchDeps;
  readonly #targets: DispatchTargets;
  readonly #handlerPipelines = new Map<HandlerDefinition, Pipeline<HandlerRun>>();
  /** Whether conversations take messages and reactions (then those run without a listener too). */
  readonly #answers: boolean;

  constructor(
    deps: DispatchDeps,
    targets: DispatchTargets,
    keeper: RecoveryKeeper | null,
    conversations: Conversations | null = null,
  ) {
    this.#deps = deps;
    this.#targets = targets;
    this.#answers = conversations !== null;
    const inFlight = inFlightStep(deps.inFlight);
    this.commands = new Pipeline<CommandRun>([
      inFlight,
      unknownCommand(deps),
      trackContext(deps),
      autoDefer(deps),
      commandTelemetry(deps),
      logUse(),
      errorReply(deps),
      commandMiddleware(deps),
      runCommand(deps),
    ]);
    const handlers = runHandlers(deps, (h) => this.#handlerPipelines.get(h)!);
    const all = deps.options.ordered === true;
    // Without an ordered handler the step would only pass each event on: it is left out.
    const ordered = all || [...targets.handlers.values()].some((list) => list.some((h) => h.ordered));
    const inOrder = (h: HandlerDefinition) => all || h.ordered === true;
    this.events = new Pipeline<EventRun>([
      ...(keeper ? [recoveryCursor(keeper)] : []),
      inFlight,
      ...(conversations ? [conversationAnswers(conversations, this.serverQueue, inOrder, handlers)] : []),
      ...(ordered ? [orderPerServer(this.serverQueue, all, handlers)] : []),
      { name: "handlers", run: handlers },
    ]);
    const onRun = deps.options.onRun;
    this.jobs = new Pipeline<JobRun>([
      inFlight,
      jobErrors(deps),
      ...(onRun ? [noticeJobRun(onRun)] : []),
      jobTelemetry(deps),
      callJob(deps),
    ]);
    this.#buildHandlerPipelines();
  }

  /** Runs a use of a command through the command pipeline. */
  command(interaction: GatewayInteraction): Promise<void> {
    const deps = this.#deps;
    const definition = this.#targets.commands.get(interaction.data.name);
    // A plugin's command is made, and resolves services, in its plugin's container.
    const scope = (definition ? deps.containerOf(definition.target) : deps.container).createChildContainer();
    const logger = deps.logger.child({ interaction_id: interaction.id, command: interaction.data.name });
    const ctx = new CommandContext(interaction, deps.rest, deps.clock, logger, scope, deps.world);
    if (definition) scope.registerInstance(CommandContext, ctx);
    return this.commands.run({ interaction, ctx, scope, definition, span: null, ran: false });
  }

  /** Runs an event through the event pipeline; resolves at once when no handler listens to it. */
  event(event: GatewayDispatch): Promise<void> {
    const handlers = this.#targets.handlers.get(event.name);
    if (handlers) return this.events.run({ event, handlers });
    if (this.#answers && (event.name === "MESSAGE_CREATE" || event.name === "MESSAGE_REACTION_ADD")) {
      return this.events.run({ event, handlers: [] });
    }
    return Promise.resolve();
  }

  /** Runs a due job through the job pipeline (the scheduler calls this). */
  job(name: string, payload: unknown, job: JobInfo): Promise<void> {
    const definition = this.#targets.schedules.get(name);
    if (!definition) {
      return Promise.reject(
        new FrameworkError("unknown_job", `no @OnSchedule("${name}") handler in this bot`),
      );
    }
    return this.jobs.run({ name, payload, job, definition });
  }

  /** Each handler's pipeline, made once (its middleware chain with it), not per event. */
  #buildHandlerPipelines(): void {
    const deps = this.#deps;
    const onceStep = once();
    // A span per listener run only when asked: with an SDK on it costs more than the dispatch.
    const spans = deps.options.telemetry?.eventSpans === true;
    const errors = handlerErrors(deps);
    const call = callHandler(deps);
    const onRun = deps.options.onRun ? [noticeHandlerRun(deps.options.onRun)] : [];
    for (const list of this.#targets.handlers.values()) {
      for (const handler of list) {
        const chain = [...(deps.options.eventMiddleware ?? []), ...handler.middleware];
        const steps: NamedStep<HandlerRun>[] = [
          ...(handler.once ? [onceStep] : []),
          ...(spans ? [handlerTelemetry(deps)] : []),
          errors,
          ...onRun,
          handlerMiddleware(chain),
          call,
        ];
        this.#handlerPipelines.set(handler, new Pipeline(steps));
      }
    }
  }
}
