import "reflect-metadata";
import type { GuildCreatePayload, Intent } from "@chatbot/protocol";
import { type GatewayDispatch, GatewayClient, type GatewayInteraction } from "@chatbot/gateway";
import { RestClient } from "@chatbot/rest";
import {
  container as rootContainer,
  type DependencyContainer,
  type InjectionToken,
  Lifecycle,
} from "tsyringe";
import { CommandContext } from "../context/command-context.js";
import { EventContext } from "../context/event-context.js";
import { type CommandDefinition, readCommands } from "../definitions/command-definition.js";
import { intentsFor, missingGrantsWarning } from "../definitions/intents.js";
import {
  type HandlerDefinition,
  readListener,
  readSchedules,
  type ScheduleDefinition,
} from "../definitions/listener-definition.js";
import { resolveFrom, type ServiceToken } from "../context/resolve-from.js";
import { MemoryStore } from "../state/memory-store.js";
import { type JobInfo, Scheduler } from "../state/scheduler.js";
import { StateStore } from "../state/state-store.js";
import { DefinitionError, FrameworkError } from "../errors.js";
import { registerSingletons } from "../decorators/singleton.js";
import { type Middleware, runMiddleware } from "../middleware/compose.js";
import { PinoLogger } from "../pino-logger.js";
import { Clock, Logger, SystemClock } from "../services.js";
import { applyPlan, describePlan, planChanges, planSync, type SyncPlan } from "../sync/command-plan.js";
import type { BotOptions } from "./bot-options.js";
import { logGateway } from "./gateway-log.js";
import { RecoveryKeeper } from "./recovery-keeper.js";
import { logLongWaits } from "./rest-log.js";
import type { Span } from "@opentelemetry/api";
import { BotTelemetry, failed } from "./telemetry.js";

const DEFAULT_AUTO_DEFER_MS = 2_000;

/** Where a {@link Bot} stands. */
export type BotState = "idle" | "starting" | "running" | "stopping" | "stopped";

/**
 * A bot: its command and listener classes, read and checked when it is made, the REST and gateway
 * clients, and the container its classes are resolved from. `start()` syncs the commands and
 * connects; each interaction and event then runs through middleware to its handler.
 */
export class Bot {
  /** The REST client (also injectable as `RestClient`). */
  readonly rest: RestClient;
  /** The gateway client (also injectable as `GatewayClient`). */
  readonly gateway: GatewayClient;
  /** The container classes are resolved from. */
  readonly container: DependencyContainer;
  /** The intents asked for: derived from the listeners. */
  readonly intents: readonly Intent[];
  readonly logger: Logger;
  readonly clock: Clock;
  /** The bot's state: `options.store`, else one in memory. */
  readonly store: StateStore;
  /** The bot's durable scheduler, on its store and clock. */
  readonly scheduler: Scheduler;
  readonly #options: BotOptions;
  readonly #schedules: Map<string, ScheduleDefinition>;
  #telemetry: BotTelemetry;
  #synced = false;
  readonly #commands = new Map<string, CommandDefinition>();
  readonly #handlers = new Map<string, HandlerDefinition[]>();
  /** Each handler's middleware chain, the bot's event middleware first: built once, not per event. */
  readonly #chains = new Map<HandlerDefinition, readonly Middleware<EventContext>[]>();
  readonly #fired = new Set<HandlerDefinition>();
  /** Per server, the end of its ordered handlers' queue. */
  readonly #serverQueues = new Map<string, Promise<void>>();
  /** Handlers running now, and who waits for them all to end. */
  #running = 0;
  #idle: Array<() => void> = [];
  readonly #contexts = new Set<CommandContext>();
  readonly #guilds = new Map<string, GuildCreatePayload>();
  #state: BotState = "idle";
  #botUserId = "";
  /** Keeps the gateway's recovery point in the store across processes (`catchUp`). */
  #keeper: RecoveryKeeper | null = null;
  /** How the bot ended: null while it runs; `{ error }` once stopped (null error: by stop()). */
  #end: { error: Error | null } | null = null;
  #endWaiters: Array<{ resolve: () => void; reject: (error: Error) => void }> = [];

  constructor(options: BotOptions) {
    this.#options = options;
    this.#telemetry = new BotTelemetry(options.telemetry);
    const problems: string[] = [];
    if (typeof options.token !== "string" || options.token === "")
      problems.push("token must be the bot token, a non-empty string");
    if (options.devGuild !== undefined && !/^\d{1,20}$/.test(options.devGuild)) {
      problems.push(
        `devGuild must be a server id (a string of digits), got ${JSON.stringify(options.devGuild)}`,
      );
    }
    const afterMs = options.autoDefer === false ? 0 : (options.autoDefer?.afterMs ?? DEFAULT_AUTO_DEFER_MS);
    if (!Number.isFinite(afterMs) || afterMs < 0 || afterMs >= 3_000) {
      problems.push(
        `autoDefer.afterMs must be from 0 to 2999 ms (the answer window is 3000 ms), got ${afterMs}`,
      );
    }
    const commands = readCommands(options.commands ?? [], options.devGuild, problems);
    const handlers = (options.listeners ?? []).flatMap((l) => readListener(l, problems));
    this.#schedules = readSchedules(options.listeners ?? [], problems);
    if (options.store !== undefined && !(options.store instanceof StateStore)) {
      problems.push("store must be a StateStore (MemoryStore, SqliteStore, or one of @chatbot/cluster)");
    }
    if (problems.length > 0) throw new DefinitionError(problems);
    for (const c of commands) this.#commands.set(c.body.name, c);
    for (const h of handlers) {
      const list = this.#handlers.get(h.event);
      if (list) list.push(h);
      else this.#handlers.set(h.event, [h]);
      this.#chains.set(h, [...(options.eventMiddleware ?? []), ...h.middleware]);
    }
    this.intents = intentsFor(handlers, options);

    this.logger =
      options.logger instanceof Logger ? options.logger : new PinoLogger({ level: options.logger ?? "info" });
    this.clock = (options.clock as Clock | undefined) ?? new SystemClock();
    this.rest =
      options.connection?.rest ??
      new RestClient({
        clock: this.clock,
        // On a clock of the caller's (a test world's), no time passes on the way to the service and
        // back, so the margin the client adds to each window for it is not needed: the windows are
        // the service's own, and moving the clock by a window releases what waits for it.
        ...(options.clock !== undefined && { rateLimitOffset: 0 }),
        ...options.rest,
        hooks: logLongWaits(this.logger, options.rest?.hooks),
        token: options.token,
        baseUrl: options.baseUrl,
      });
    this.gateway =
      options.connection?.gateway ??
      new GatewayClient({
        ...options.gateway,
        token: options.token,
        intents: this.intents,
        rest: this.rest,
        ...(options.gatewayUrl !== undefined && { gatewayUrl: options.gatewayUrl }),
      });
    this.container = (options.container ?? rootContainer).createChildContainer();
    this.container.registerInstance(Bot, this);
    this.container.registerInstance(RestClient, this.rest);
    this.container.registerInstance(GatewayClient, this.gateway);
    // Abstract classes are tokens too: a constructor parameter typed `Logger` resolves to this one.
    this.container.registerInstance(Logger as unknown as InjectionToken<Logger>, this.logger);
    this.container.registerInstance(Clock as unknown as InjectionToken<Clock>, this.clock);
    this.store = options.store ?? new MemoryStore();
    // A store made without a clock of its own runs its times to live on the bot's.
    this.store.followClock(this.clock);
    this.scheduler = new Scheduler(
      this.store,
      this.clock,
      this.logger,
      new Set(this.#schedules.keys()),
      (n, p, j) => this.#runJob(n, p, j),
    );
    this.container.registerInstance(StateStore as unknown as InjectionToken<StateStore>, this.store);
    this.container.registerInstance(Scheduler, this.scheduler);
    for (const s of this.#schedules.values()) {
      const target = s.target as unknown as new (...args: unknown[]) => unknown;
      if (!this.container.isRegistered(target)) this.container.registerSingleton(target);
    }
    for (const p of options.providers ?? []) this.container.registerInstance(p.provide, p.useValue);
    for (const c of commands) {
      const target = c.target as unknown as new (...args: unknown[]) => unknown;
      const lifecycle = c.options.scope === "interaction" ? Lifecycle.ContainerScoped : Lifecycle.Singleton;
      this.container.register(target, { useClass: target }, { lifecycle });
    }
    for (const h of handlers) {
      const target = h.target as unknown as new (...args: unknown[]) => unknown;
      if (!this.container.isRegistered(target)) this.container.registerSingleton(target);
    }
    // Services marked @singleton(): one instance in this bot's container, none shared with others.
    registerSingletons(this.container, [
      ...commands.map((c) => c.target),
      ...handlers.map((h) => h.target),
      ...[...this.#schedules.values()].map((s) => s.target),
    ] as never[]);
    if (!options.connection) {
      if (options.store !== undefined && options.catchUp !== false) {
        this.#keeper = new RecoveryKeeper(this.gateway, this.store, this.logger);
      }
      this.gateway.on("dispatch", (event) => this.receive(event));
      logGateway(this.gateway, this.logger);
      // A close code that forbids reconnecting (4004, 4013, 4001 ...) ends the bot: it must not
      // report "running" on a connection that is gone for good.
      this.gateway.on("stopped", ({ error }) => {
        if (error === null || this.#state !== "running") return;
        this.logger.error(`gateway stopped for good: ${error.message}`);
        this.#state = "stopped";
        this.#finish(error);
        void this.#allDone().then(async () => {
          await this.#dispose();
          await this.rest.close();
        });
      });
    }
  }

  /**
   * Hands the bot one gateway event, as its own connection does. With a shared `connection`, the
   * host calls this for each event, in order; the handlers run without being waited for.
   */
  receive(event: GatewayDispatch): void {
    void this.#dispatch(event);
  }

  /**
   * Hands the bot one gateway event and resolves once its handlers have run (their errors are the
   * bot's to log, as for {@link receive}): for a host that acknowledges each event after its
   * handlers, as the workers of `@chatbot/cluster` do.
   */
  handle(event: GatewayDispatch): Promise<void> {
    return this.#dispatch(event);
  }

  /** Where the bot stands. */
  get state(): BotState {
    return this.#state;
  }

  /**
   * Resolves once the bot has stopped through {@link stop}; rejects with the gateway's error when a
   * close code that forbids reconnecting ended it (`4004`: the token; `4013`: the intents; `4001`,
   * `4002`, `4005`: a client bug). `runBot` awaits it to choose the process's exit code.
   */
  ended(): Promise<void> {
    const end = this.#end;
    if (end) return end.error ? Promise.reject(end.error) : Promise.resolve();
    return new Promise((resolve, reject) => this.#endWaiters.push({ resolve, reject }));
  }

  #finish(error: Error | null): void {
    if (this.#end) return;
    this.#end = { error };
    for (const waiter of this.#endWaiters.splice(0)) {
      if (error) waiter.reject(error);
      else waiter.resolve();
    }
  }

  /** The command definitions: name → registration body. */
  get commands(): ReadonlyMap<string, CommandDefinition> {
    return this.#commands;
  }

  /** What a sync would change, scope by scope (nothing is written). */
  plan(): Promise<SyncPlan> {
    return planSync(this.rest, [...this.#commands.values()], this.#options.devGuild);
  }

  /** Writes the plan's differences (one `PUT` per scope that differs) and returns the plan. */
  async sync(): Promise<SyncPlan> {
    const plan = await this.plan();
    if (planChanges(plan)) await applyPlan(this.rest, plan);
    this.logger.info(`commands: ${describePlan(plan)}`);
    return plan;
  }

  /**
   * Makes the framework's metric instruments again from the meter provider registered now (they
   * are made with the bot; `observe()` registers one after).
   */
  refreshTelemetry(): void {
    this.#telemetry = new BotTelemetry(this.#options.telemetry);
  }

  /**
   * A service of the bot's container, as a constructor would get it: `bot.resolve(StateStore)`
   * type-checks where tsyringe's `bot.container.resolve` refuses an abstract class.
   */
  resolve<T>(token: ServiceToken<T>): T {
    return resolveFrom(this.container, token);
  }

  /** Whether the commands are in sync with the service (after `start()`; always with `sync: false`). */
  get commandsSynced(): boolean {
    return this.#synced || this.#options.sync === false;
  }

  /** Whether the gateway connection is up (a host's shared connection counts as up). */
  get connected(): boolean {
    return this.#options.connection !== undefined || this.gateway.state === "ready";
  }

  /** Syncs the commands (unless `sync: false`), connects, and resolves once the bot is ready. */
  async start(): Promise<void> {
    if (this.#state !== "idle")
      throw new FrameworkError("already_started", `start() on a bot that is ${this.#state}`);
    this.#state = "starting";
    const started = this.clock.now();
    try {
      if (this.#options.sync !== false) {
        await this.sync();
        this.#synced = true;
      }
      const shared = this.#options.connection;
      if (shared) {
        this.#botUserId = shared.ready.userId;
        for (const guild of shared.ready.guilds) this.#guilds.set(guild.id, guild);
      } else {
        await this.#keeper?.resume();
        const ready = new Promise<void>((resolve) => this.gateway.once("ready", () => resolve()));
        await this.gateway.connect();
        await ready;
        this.#keeper?.start();
      }
    } catch (error) {
      this.#state = "stopped";
      if (!this.#options.connection) await this.gateway.close().catch(() => undefined);
      this.#finish(error instanceof Error ? error : new Error(String(error)));
      throw error;
    }
    this.#state = "running";
    this.#warnMissingGrants([...this.#guilds.values()]);
    await this.scheduler.start();
    this.logger.info(
      `ready in ${this.clock.now() - started} ms: ${this.#commands.size} commands, intents ${this.intents.join(", ") || "none"}`,
    );
  }

  /**
   * Stops gracefully: takes no new events, waits up to `stopTimeoutMs` for running handlers, defers
   * the interactions of those still running (so the person sees the thinking state rather than a
   * failure), then closes the connection. The REST client stays usable until those handlers end.
   */
  async stop(): Promise<void> {
    if (this.#state === "stopped" || this.#state === "stopping") return;
    this.#state = "stopping";
    // No job starts from now on; those running count as running handlers below.
    void this.scheduler.stop();
    const timeoutMs = this.#options.stopTimeoutMs ?? 5_000;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut = new Promise<"timeout">(
      (resolve) => (timer = setTimeout(() => resolve("timeout"), timeoutMs)),
    );
    const ended = await Promise.race([
      this.#allDone().then(() => "done" as const),
      timedOut,
      this.#stuckOnClock(),
    ]);
    if (ended !== "done") {
      // A defer held like the handler's own calls (a latency fault) is not waited for either.
      const defers = [...this.#contexts].map((ctx) => (ctx.state === "received" ? ctx.defer() : undefined));
      await Promise.race([Promise.allSettled(defers), timedOut, this.#stuckOnClock()]);
      this.logger.warn(
        ended === "clock"
          ? `stopped with ${this.#running} handler(s) waiting on the bot's clock, which only moves when told; their interactions were deferred`
          : `stopped with ${this.#running} handler(s) still running; their interactions were deferred`,
      );
    }
    clearTimeout(timer);
    const waited = ended === "done";
    this.#state = "stopped";
    // The services end with the bot (their timers and intervals with them), once no handler needs
    // them: at once when all ended, else when the last one does.
    if (waited) await this.#dispose();
    else void this.#allDone().then(() => this.#dispose());
    // A shared connection belongs to its host, which closes it.
    if (!this.#options.connection) {
      await this.gateway.close();
      await this.#keeper?.stop();
      // Handlers still running may answer over REST: its connections close once they are done.
      void this.#allDone().then(() => this.rest.close());
    }
    // Only now: whoever awaits ended() (runBot, to exit) finds the connection closed cleanly.
    this.#finish(null);
  }

  /**
   * Disposes the bot's container: tsyringe calls `dispose()` on every instance it made that has one
   * (a `Disposable`), so a service's timers end with the bot, and with its code on a reload.
   */
  async #dispose(): Promise<void> {
    try {
      await this.container.dispose();
    } catch (error) {
      this.logger.error("a service's dispose() threw", error);
    }
  }

  /**
   * Resolves once the bot has settled: every event received has reached its handlers, no REST call
   * is in flight, and what the last answers started has run up to its next wait. A handler waiting
   * for the bot's clock (a timer of its own, the auto-defer) stays waiting: a test awaits `idle()`
   * before it moves the clock, so that a handler inside `await ctx.defer()` has armed its timer.
   */
  async idle(): Promise<void> {
    const own = !this.#options.connection;
    for (let round = 0; round < 1_000; round++) {
      if (own) await this.gateway.idle();
      await this.rest.idle();
      // The continuations of what just settled run (and may call again) before the next check.
      await new Promise((resolve) => setImmediate(resolve));
      if (this.rest.inFlight === 0 && (!own || this.gateway.queueSize === 0)) return;
    }
  }

  /**
   * On a clock that moves only when told (`controllable`, a test world's), resolves once the bot is
   * idle with handlers still running, and stays so for a moment of real time: those handlers wait
   * for the clock (or for calls held on it), which nobody moves once the test is closing it. On
   * other clocks, never: time releases them.
   */
  async #stuckOnClock(): Promise<"clock"> {
    const never = new Promise<never>(() => undefined);
    if (this.#options.clock?.controllable !== true) return never;
    await this.idle();
    // A handler between two steps of other work (a store's I/O) moves on within this moment.
    await new Promise((resolve) => setTimeout(resolve, 50));
    await this.idle();
    return this.#running > 0 ? "clock" : never;
  }

  /** Runs a due job's `@OnSchedule` handler, counted as a running handler. */
  async #runJob(name: string, payload: unknown, job: JobInfo): Promise<void> {
    const definition = this.#schedules.get(name);
    if (!definition) throw new FrameworkError("unknown_job", `no @OnSchedule("${name}") handler in this bot`);
    this.#running += 1;
    const attributes = {
      "chatbot.job": name,
      "chatbot.handler": definition.label,
      "chatbot.job.late": job.late,
      "chatbot.job.attempt": job.attempt,
    };
    try {
      await this.#telemetry.span(`job ${name}`, attributes, async () => {
        const instance = resolveClass(
          this.container,
          definition.target as unknown as new () => Record<string | symbol, unknown>,
        );
        await (instance[definition.method] as (payload: unknown, job: JobInfo) => unknown).call(
          instance,
          payload,
          job,
        );
      });
    } catch (error) {
      this.#telemetry.handlerError("job", definition.label);
      this.logger.error(`${definition.label} (job ${name}) threw`, error);
      await this.#onError(error, { kind: "job", handler: definition.label, job });
      throw error;
    } finally {
      this.#handlerEnded();
    }
  }

  /** One running handler (an event's, a job's) ended: who waits for them all is told when none runs. */
  #handlerEnded(): void {
    if (--this.#running === 0) for (const resolve of this.#idle.splice(0)) resolve();
  }

  /** Resolves once no handler is running. */
  #allDone(): Promise<void> {
    if (this.#running === 0) return Promise.resolve();
    return new Promise((resolve) => this.#idle.push(resolve));
  }

  async #dispatch(event: GatewayDispatch): Promise<void> {
    if (event.name === "READY") this.#botUserId = event.data.user.id;
    if (event.name === "GUILD_CREATE") this.#guildSeen(event.data);
    if (event.name === "GUILD_DELETE") this.#guilds.delete(event.data.id);
    if (this.#state === "stopping" || this.#state === "stopped") {
      // Not handled: begun and never ended, it keeps its channel's cursor before it for the next process.
      if (event.name === "MESSAGE_CREATE") this.#keeper?.began(event.data);
      return;
    }
    const createdAt = (event.data as { created_at?: unknown }).created_at;
    this.#telemetry.event(event.name, typeof createdAt === "number" ? this.clock.now() - createdAt : null);
    const command = event.name === "INTERACTION_CREATE";
    const handlers = command ? undefined : this.#handlers.get(event.name);
    if (!command && !handlers) return;
    const message = event.name === "MESSAGE_CREATE" && this.#keeper ? event.data : null;
    if (message) this.#keeper!.began(message);
    this.#running += 1;
    try {
      if (event.name === "INTERACTION_CREATE") await this.#runCommand(event.data);
      else await this.#runInOrder(event, handlers!);
    } finally {
      this.#handlerEnded();
      if (message) this.#keeper!.ended(message);
    }
  }

  /**
   * Runs an event's handlers: at once, or, for ordered ones (`@On(e, { ordered: true })` or the
   * bot's `ordered` option), after the ordered handlers of the server's previous events finished.
   */
  #runInOrder(event: GatewayDispatch, handlers: readonly HandlerDefinition[]): Promise<void> {
    const all = this.#options.ordered === true;
    const guildId = all || handlers.some((h) => h.ordered) ? guildOfEvent(event) : null;
    if (guildId === null) return this.#runHandlers(event, handlers);
    const ordered = all ? handlers : handlers.filter((h) => h.ordered);
    const free = all ? [] : handlers.filter((h) => !h.ordered);
    const previous = this.#serverQueues.get(guildId) ?? Promise.resolve();
    const mine = previous.then(() => this.#runHandlers(event, ordered));
    this.#serverQueues.set(guildId, mine);
    void mine.finally(() => {
      if (this.#serverQueues.get(guildId) === mine) this.#serverQueues.delete(guildId);
    });
    return free.length === 0
      ? mine
      : Promise.all([mine, this.#runHandlers(event, free)]).then(() => undefined);
  }

  #guildSeen(guild: GuildCreatePayload): void {
    const first = !this.#guilds.has(guild.id);
    this.#guilds.set(guild.id, guild);
    // An install while running is checked at once; those of READY together, once ready.
    if (first && this.#state === "running") this.#warnMissingGrants([guild]);
  }

  #warnMissingGrants(guilds: readonly GuildCreatePayload[]): void {
    const warning = missingGrantsWarning([...this.#handlers.values()].flat(), guilds);
    if (warning) this.logger.warn(warning);
  }

  async #runCommand(interaction: GatewayInteraction): Promise<void> {
    const scope = this.container.createChildContainer();
    const logger = this.logger.child({ interaction_id: interaction.id, command: interaction.data.name });
    const ctx = new CommandContext(interaction, this.rest, this.clock, logger, scope);
    const definition = this.#commands.get(interaction.data.name);
    if (!definition) {
      this.logger.warn(
        `/${interaction.data.name} used by ${interaction.user.username}, but this bot has no such command`,
      );
      await ctx
        .reply({ content: `/${interaction.data.name} is not handled by this bot.`, ephemeral: true })
        .catch(() => undefined);
      return;
    }
    this.#contexts.add(ctx);
    const autoDefer = definition.options.autoDefer;
    if (this.#options.autoDefer !== false && autoDefer !== false) {
      const afterMs = autoDefer?.afterMs ?? this.#options.autoDefer?.afterMs ?? DEFAULT_AUTO_DEFER_MS;
      ctx.armAutoDefer(afterMs, autoDefer?.ephemeral === true);
    }
    scope.registerInstance(CommandContext, ctx);
    const name = interaction.data.name;
    const attributes = {
      "chatbot.command": name,
      "chatbot.interaction_id": interaction.id,
      ...(interaction.guild_id && { "chatbot.guild_id": interaction.guild_id }),
    };
    // From delivery to the last reply: the span ends once what the handler started has settled.
    await this.#telemetry.span(`interaction /${name}`, attributes, async (span) => {
      let ran = false;
      try {
        await runMiddleware(
          [...(this.#options.middleware ?? []), ...definition.middleware],
          ctx,
          async () => {
            ran = true;
            // A command of the bot's scope is the bot's: made (and disposed) by its container.
            const instance = resolveClass(
              definition.options.scope === "interaction" ? scope : this.container,
              definition.target as unknown as new () => { run(...args: unknown[]): unknown },
            );
            await instance.run(...this.#arguments(definition, ctx));
          },
        );
      } catch (error) {
        failed(span, error);
        this.#telemetry.handlerError("command", definition.target.name);
        await this.#commandFailed(error, ctx);
      } finally {
        await ctx.settle();
        this.#contexts.delete(ctx);
        // A middleware that answered instead of the handler (a permission, a cooldown) refused it.
        const outcome = ran ? ctx.state : "refused";
        this.#logInteraction(ctx, outcome);
        const first = ctx.firstCallbackAt === null ? null : ctx.firstCallbackAt - ctx.receivedAt;
        span.setAttributes({
          "chatbot.outcome": outcome,
          "chatbot.auto_deferred": ctx.autoDeferred,
          ...(first !== null && {
            "chatbot.first_callback_ms": first,
            // What was left of the 3-second window when the first callback went out.
            "chatbot.window_left_ms": 3_000 - (ctx.firstCallbackAt! - interaction.created_at),
          }),
        });
        this.#telemetry.interaction(name, outcome, first);
      }
    });
  }

  #arguments(definition: CommandDefinition, ctx: CommandContext): unknown[] {
    return definition.slots.map((name) => (name === null ? ctx : ctx.options[name]));
  }

  async #commandFailed(error: unknown, ctx: CommandContext): Promise<void> {
    this.logger.error(`/${ctx.commandName} by ${ctx.user.username} threw`, error);
    await this.#onError(error, { kind: "command", ctx });
    if (ctx.state === "expired") return;
    await ctx
      .reply({ content: `Something went wrong while running /${ctx.commandName}.`, ephemeral: true })
      .catch((replyError: unknown) =>
        this.logger.error(`/${ctx.commandName}: could not tell the person it failed`, replyError),
      );
  }

  async #onError(error: unknown, where: Parameters<NonNullable<BotOptions["onError"]>>[1]): Promise<void> {
    try {
      await this.#options.onError?.(error, where);
    } catch (hookError) {
      this.logger.error("the onError hook threw", hookError);
    }
  }

  /** One line per use, with the outcome `/metrics` counts it under (`refused` by middleware). */
  #logInteraction(ctx: CommandContext, outcome: string): void {
    const delivered = ctx.receivedAt - ctx.interaction.created_at;
    const first =
      ctx.firstCallbackAt === null
        ? "no callback"
        : `first callback after ${ctx.firstCallbackAt - ctx.receivedAt} ms${ctx.autoDeferred ? " (auto-deferred)" : ""}`;
    ctx.logger.info(
      `/${ctx.commandName} by ${ctx.user.username}: ${outcome}, delivered ${delivered} ms after use, ${first}`,
    );
    if (ctx.firstCallbackAt === null && ctx.state !== "expired") {
      ctx.logger.warn(
        `/${ctx.commandName} returned without replying: the person will see that the app did not respond`,
      );
    }
  }

  async #runHandlers(event: GatewayDispatch, handlers: readonly HandlerDefinition[]): Promise<void> {
    const ctx = new EventContext(event.name, event.data, this.#botUserId, this.container);
    for (const handler of handlers) {
      if (handler.once) {
        if (this.#fired.has(handler)) continue;
        this.#fired.add(handler);
      }
      const run = async (span: Span | null) => {
        try {
          await runMiddleware(this.#chains.get(handler)!, ctx, async () => {
            const instance = resolveClass(
              this.container,
              handler.target as unknown as new () => Record<string | symbol, unknown>,
            );
            await (instance[handler.method] as (payload: unknown, ctx: EventContext) => unknown).call(
              instance,
              event.data,
              ctx,
            );
          });
        } catch (error) {
          if (span) failed(span, error);
          this.#telemetry.handlerError("event", handler.label);
          this.logger.error(`${handler.label} (@On "${event.name}") threw`, error);
          await this.#onError(error, { kind: "event", ctx, handler: handler.label });
        }
      };
      // A span per listener run only when asked: with an SDK on it costs more than the dispatch.
      if (!this.#telemetry.eventSpans) await run(null);
      else {
        const attributes = { "chatbot.event": event.name, "chatbot.handler": handler.label };
        await this.#telemetry.span(`event ${event.name} ${handler.label}`, attributes, run);
      }
    }
  }
}

/**
 * Resolves `target`, turning tsyringe's "TypeInfo not known" into advice: the usual cause is a
 * constructor parameter whose class was imported with `import type`, which leaves `Object` in the
 * decorator metadata.
 */
function resolveClass<T>(container: DependencyContainer, target: new () => T): T {
  try {
    return container.resolve(target);
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    if (!/TypeInfo not known|Cannot inject the dependency/.test(text)) throw error;
    throw new FrameworkError(
      "injection_failed",
      `cannot make ${target.name}: ${text.replace(/\s+/g, " ")} ${/for "Object"/.test(text) ? "A constructor parameter typed with an interface, a union, or a class imported with `import type` has no runtime type: import the class as a value, or use @inject(token)." : "Is the service's class decorated (@injectable() or @singleton()), or registered through providers? Bot code must run through a transform that emits decorator metadata (tsc, vitest, chatbot dev), not esbuild or tsx."}`,
      { cause: error },
    );
  }
}

/** The server an event belongs to (`GUILD_CREATE` and the like carry it as `id`), or null. */
function guildOfEvent(event: GatewayDispatch): string | null {
  const data = event.data as { guild_id?: unknown; id?: unknown };
  if (typeof data.guild_id === "string") return data.guild_id;
  if (event.name === "GUILD_CREATE" || event.name === "GUILD_UPDATE" || event.name === "GUILD_DELETE") {
    return typeof data.id === "string" ? data.id : null;
  }
  return null;
}
