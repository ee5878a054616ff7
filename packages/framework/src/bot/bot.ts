import "reflect-metadata";
import type { Intent } from "@chatbot/protocol";
import type { GatewayClient, GatewayDispatch, WorldView } from "@chatbot/gateway";
import { sleep } from "@chatbot/kit";
import type { RestClient } from "@chatbot/rest";
import { container as rootContainer, type DependencyContainer } from "tsyringe";
import type { CommandContext } from "../context/command-context.js";
import type { CommandDefinition } from "../definitions/command-definition.js";
import { intentsFor } from "../definitions/intents.js";
import { readConversations, withConversationIntents } from "../conversations/conversation-needs.js";
import { CONVERSATION_TIMEOUT_JOB } from "../conversations/conversation-record.js";
import type { Conversations } from "../conversations/conversations.js";
import { makeConversations } from "./make-conversations.js";
import { resolveFrom, type ServiceToken } from "../context/resolve-from.js";
import type { DispatchDeps } from "../dispatch/dispatch-deps.js";
import { Dispatcher } from "../dispatch/dispatcher.js";
import { InFlight } from "../dispatch/in-flight.js";
import { MemoryStore } from "../state/memory-store.js";
import { Scheduler } from "../state/scheduler.js";
import type { StateStore } from "../state/state-store.js";
import { FrameworkError } from "../errors.js";
import { PinoLogger } from "../pino-logger.js";
import { type Clock, Logger, SystemClock } from "../services.js";
import { applyPlan, describePlan, planChanges, planSync, type SyncPlan } from "../sync/command-plan.js";
import type { BotOptions } from "./bot-options.js";
import {
  type BotDefinitions,
  makeGatewayClient,
  makeRestClient,
  readBotDefinitions,
  registerServices,
  worldOf,
} from "./bot-setup.js";
import type { PluginContainers } from "../plugin/plugin-containers.js";
import { logGateway } from "./gateway-log.js";
import { RecoveryKeeper } from "../dispatch/recovery-keeper.js";
import { BotEnd, disposeAll } from "./bot-end.js";
import { GrantsWarner } from "./grants-warner.js";
import { BotTelemetry } from "../dispatch/telemetry.js";

/** Where a {@link Bot} stands. */
export type BotState = "idle" | "starting" | "running" | "stopping" | "stopped";

/**
 * A bot: its command and listener classes, read and checked when it is made, the REST and gateway
 * clients, and the container its classes are resolved from. `start()` syncs the commands and
 * connects; each interaction, event and due job then runs through its pipeline of dispatch steps
 * (see `Dispatcher`) to its handler. The bot keeps the lifecycle.
 */
export class Bot {
  /** The REST client (also injectable as `RestClient`). */
  readonly rest: RestClient;
  /** The gateway client (also injectable as `GatewayClient`). */
  readonly gateway: GatewayClient;
  /** The bot's world (servers, channels with its permissions, roles, members met); injectable too. */
  readonly world: WorldView;
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
  /** The conversations waiting for answers, kept in the store (also injectable as `Conversations`). */
  readonly conversations: Conversations;
  readonly #options: BotOptions;
  readonly #definitions: BotDefinitions;
  /** The command, event and job pipelines the bot hands each run to. */
  readonly #dispatcher: Dispatcher;
  #telemetry: BotTelemetry;
  #synced = false;
  /** Handlers running now, and who waits for them all to end. */
  readonly #inFlight = new InFlight();
  readonly #contexts = new Set<CommandContext>();
  readonly #grants: GrantsWarner;
  #state: BotState = "idle";
  #botUserId = "";
  /** Keeps the gateway's recovery point in the store across processes (`catchUp`). */
  readonly #keeper: RecoveryKeeper | null = null;
  #releaseStore: () => void = () => undefined;
  readonly #end = new BotEnd();
  /** Whether the bot applies its events to {@link world} (a view of its own on a host's connection). */
  readonly #keepsWorld: boolean;
  /** The events' per-server queue: conversations take answers and timeouts in its order. */
  readonly #serverQueue = {
    run: <T>(key: string, task: () => Promise<T>) => this.#dispatcher.serverQueue.run(key, task),
  };
  /** The containers of the plugins' classes and services (children of {@link container}). */
  readonly #plugins: PluginContainers;

  constructor(options: BotOptions) {
    this.#telemetry = new BotTelemetry(options.telemetry);
    this.#definitions = readBotDefinitions(options);
    // The options with the plugins' commands, listeners, middleware and intents merged in.
    this.#options = this.#definitions.options;
    const conversations = readConversations(options.conversations);
    this.intents = withConversationIntents(
      intentsFor(this.#definitions.handlerList, this.#options),
      conversations,
    );
    this.logger =
      options.logger instanceof Logger ? options.logger : new PinoLogger({ level: options.logger ?? "info" });
    this.clock = (options.clock as Clock | undefined) ?? new SystemClock();
    this.#grants = new GrantsWarner(
      () => [...this.#definitions.handlers.values()].flat(),
      () => [...this.conversations.definitions.values()],
      this.#definitions.plugins.scopes,
      this.logger,
    );
    this.rest = makeRestClient(options, this.clock, this.logger);
    this.gateway = makeGatewayClient(options, this.intents, this.rest);
    [this.world, this.#keepsWorld] = worldOf(options, this.gateway, this.rest);
    this.container = (options.container ?? rootContainer).createChildContainer();
    this.store = options.store ?? new MemoryStore();
    // A store made without a clock of its own runs its times to live on the bot's.
    this.store.followClock(this.clock);
    this.scheduler = new Scheduler(
      this.store,
      this.clock,
      this.logger,
      new Set([...this.#definitions.schedules.keys(), CONVERSATION_TIMEOUT_JOB]),
      (n, p, j) =>
        n === CONVERSATION_TIMEOUT_JOB ? this.conversations.timedOut(p, j) : this.#dispatcher.job(n, p, j),
    );
    const { rest, gateway, world, logger, clock, store, scheduler } = this;
    const services = { rest, gateway, world, logger, clock, store, scheduler, bot: this, botClass: Bot };
    this.#plugins = registerServices(this.container, services, this.#definitions);
    if (!options.connection && options.store !== undefined && options.catchUp !== false) {
      this.#keeper = new RecoveryKeeper(this.gateway, this.store, this.logger);
    }
    const deps = this.#dispatchDeps();
    this.conversations = makeConversations(deps, this, this.#serverQueue, conversations, this.#keeper);
    const answers = conversations.length > 0 ? this.conversations : null;
    this.#dispatcher = new Dispatcher(deps, this.#definitions, this.#keeper, answers);
    if (!options.connection) this.#listen();
  }

  #dispatchDeps(): DispatchDeps {
    return {
      container: this.container,
      containerOf: (target) => this.#plugins.homeOf(target),
      rest: this.rest,
      clock: this.clock,
      logger: this.logger,
      options: this.#options,
      telemetry: () => this.#telemetry,
      world: this.world,
      botUserId: () => this.#botUserId,
      inFlight: this.#inFlight,
      contexts: this.#contexts,
    };
  }

  /** Listens to its own gateway connection: its events, and a close code that ends the bot. */
  #listen(): void {
    this.gateway.on("dispatch", (event) => this.receive(event));
    logGateway(this.gateway, this.logger);
    // A close code that forbids reconnecting (4004, 4013, 4001 ...) ends the bot: it must not
    // report "running" on a connection that is gone for good.
    this.gateway.on("stopped", ({ error }) => {
      if (error === null || this.#state !== "running") return;
      this.logger.error(`gateway stopped for good: ${error.message}`);
      this.#state = "stopped";
      this.#end.finish(error);
      void this.#inFlight.allDone().then(async () => {
        await disposeAll(this.#plugins.containers, this.container, this.logger);
        await this.rest.close();
      });
    });
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
    return this.#end.wait();
  }

  /** The command definitions: name → registration body. */
  get commands(): ReadonlyMap<string, CommandDefinition> {
    return this.#definitions.commands;
  }

  /** What a sync would change, scope by scope (nothing is written). */
  plan(): Promise<SyncPlan> {
    return planSync(this.rest, [...this.#definitions.commands.values()], this.#options.devGuild);
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
      // The store's one writer from here on; then, before any event, the conversations waiting.
      this.#releaseStore = this.store.claimWriter();
      await this.conversations.load();
      const shared = this.#options.connection;
      if (shared) {
        this.#botUserId = shared.ready.userId;
        for (const guild of shared.ready.guilds) this.#grants.seen(guild, false);
        if (this.#keepsWorld) for (const guild of shared.ready.guilds) this.world.load(guild);
      } else {
        await this.#keeper?.resume();
        const ready = new Promise<void>((resolve) => this.gateway.once("ready", () => resolve()));
        await this.gateway.connect();
        await ready;
        this.#keeper?.start();
      }
    } catch (error) {
      this.#state = "stopped";
      this.#releaseStore();
      if (!this.#options.connection) await this.gateway.close().catch(() => undefined);
      this.#end.finish(error instanceof Error ? error : new Error(String(error)));
      throw error;
    }
    this.#state = "running";
    this.#grants.warnAll();
    await this.scheduler.start();
    this.logger.info(
      `ready in ${this.clock.now() - started} ms: ${this.#definitions.commands.size} commands, intents ${this.intents.join(", ") || "none"}`,
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
      this.#inFlight.allDone().then(() => "done" as const),
      timedOut,
      this.#stuckOnClock(),
    ]);
    if (ended !== "done") {
      // A defer held like the handler's own calls (a latency fault) is not waited for either.
      const defers = [...this.#contexts].map((ctx) => (ctx.state === "received" ? ctx.defer() : undefined));
      await Promise.race([Promise.allSettled(defers), timedOut, this.#stuckOnClock()]);
      this.logger.warn(
        ended === "clock"
          ? `stopped with ${this.#inFlight.count} handler(s) waiting on the bot's clock, which only moves when told; their interactions were deferred`
          : `stopped with ${this.#inFlight.count} handler(s) still running; their interactions were deferred`,
      );
    }
    clearTimeout(timer);
    const waited = ended === "done";
    this.#state = "stopped";
    // The services end with the bot (their timers and intervals with them), once no handler needs
    // them: at once when all ended, else when the last one does.
    if (waited) await disposeAll(this.#plugins.containers, this.container, this.logger);
    else
      void this.#inFlight
        .allDone()
        .then(() => disposeAll(this.#plugins.containers, this.container, this.logger));
    // A shared connection belongs to its host, which closes it.
    if (!this.#options.connection) {
      await this.gateway.close();
      await this.#keeper?.stop();
      // Handlers still running may answer over REST: its connections close once they are done.
      void this.#inFlight.allDone().then(() => this.rest.close());
    }
    void this.#inFlight.allDone().then(() => this.#releaseStore());
    // Only now: whoever awaits ended() (runBot, to exit) finds the connection closed cleanly.
    this.#end.finish(null);
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
    await sleep(50);
    await this.idle();
    return this.#inFlight.count > 0 ? "clock" : never;
  }

  #dispatch(event: GatewayDispatch): Promise<void> {
    if (this.#keepsWorld) this.world.apply(event);
    if (event.name === "READY") this.#botUserId = event.data.user.id;
    if (event.name === "GUILD_CREATE") this.#grants.seen(event.data, this.#state === "running");
    if (event.name === "GUILD_DELETE") this.#grants.gone(event.data.id);
    if (this.#state === "stopping" || this.#state === "stopped") {
      // Not handled: begun and never ended, it keeps its channel's cursor before it for the next process.
      if (event.name === "MESSAGE_CREATE") this.#keeper?.began(event.data);
      return Promise.resolve();
    }
    const createdAt = (event.data as { created_at?: unknown }).created_at;
    this.#telemetry.event(event.name, typeof createdAt === "number" ? this.clock.now() - createdAt : null);
    if (event.name === "INTERACTION_CREATE") return this.#dispatcher.command(event.data);
    return this.#dispatcher.event(event);
  }
}
