import { GatewayClient, WorldView } from "@chatbot/gateway";
import type { Intent } from "@chatbot/protocol";
import { RestClient } from "@chatbot/rest";
import { type DependencyContainer, type InjectionToken, Lifecycle } from "tsyringe";
import { type CommandDefinition, readCommands } from "../definitions/command-definition.js";
import {
  type HandlerDefinition,
  readListener,
  readSchedules,
  type ScheduleDefinition,
} from "../definitions/listener-definition.js";
import { registerSingletons } from "../decorators/singleton.js";
import { DEFAULT_AUTO_DEFER_MS } from "../dispatch/command-steps.js";
import { DefinitionError } from "../errors.js";
import { Scheduler } from "../state/scheduler.js";
import { StateStore } from "../state/state-store.js";
import { type MergedPlugins, mergePlugins } from "./merge-plugins.js";
import { makePluginContainers, type PluginContainers } from "../plugin/plugin-containers.js";
import { Clock, Logger } from "../services.js";
import type { BotOptions } from "./bot-options.js";
import { logLongWaits } from "./rest-log.js";

/** A bot's commands, handlers and jobs, read from its classes and checked. */
export interface BotDefinitions {
  /** Command name → definition. */
  readonly commands: ReadonlyMap<string, CommandDefinition>;
  /** Every listener handler, in the order declared. */
  readonly handlerList: readonly HandlerDefinition[];
  /** Event name → its handlers. */
  readonly handlers: ReadonlyMap<string, readonly HandlerDefinition[]>;
  /** Job name → its `@OnSchedule` handler. */
  readonly schedules: ReadonlyMap<string, ScheduleDefinition>;
  /** The options with the plugins' commands, listeners, middleware and intents merged in. */
  readonly options: BotOptions;
  /** The plugins, and which classes are theirs. */
  readonly plugins: MergedPlugins<BotOptions>;
}

type AnyClass = new (...args: never[]) => unknown;

/**
 * Reads and checks the options and the classes' decorators; every rule broken is listed in one
 * {@link DefinitionError}, naming the option, or the class and member.
 */
export function readBotDefinitions(given: BotOptions): BotDefinitions {
  const problems = checkOptions(given);
  const plugins = mergePlugins(given, problems);
  const { options } = plugins;
  const commandList = readCommands(options.commands ?? [], options.devGuild, problems);
  const handlerList = (options.listeners ?? []).flatMap((l) => readListener(l, problems));
  const schedules = readSchedules(options.listeners ?? [], problems);
  if (options.store !== undefined && !(options.store instanceof StateStore)) {
    problems.push("store must be a StateStore (MemoryStore, SqliteStore, or one of @chatbot/cluster)");
  }
  if (problems.length > 0) throw new DefinitionError(problems);
  const commands = new Map(commandList.map((c) => [c.body.name, c]));
  const handlers = new Map<string, HandlerDefinition[]>();
  for (const h of handlerList) {
    const list = handlers.get(h.event);
    if (list) list.push(h);
    else handlers.set(h.event, [h]);
  }
  return { commands, handlerList, handlers, schedules, options, plugins };
}

function checkOptions(options: BotOptions): string[] {
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
  return problems;
}

/** The bot's REST client: the host's shared one, else one of its own on the bot's clock. */
export function makeRestClient(options: BotOptions, clock: Clock, logger: Logger): RestClient {
  return (
    options.connection?.rest ??
    new RestClient({
      clock,
      // On a clock of the caller's (a test world's), no time passes on the way to the service and
      // back, so the margin the client adds to each window for it is not needed: the windows are
      // the service's own, and moving the clock by a window releases what waits for it.
      ...(options.clock !== undefined && { rateLimitOffset: 0 }),
      ...options.rest,
      hooks: logLongWaits(logger, options.rest?.hooks),
      token: options.token,
      baseUrl: options.baseUrl,
    })
  );
}

/** The bot's gateway client: the host's shared one, else one of its own asking for `intents`. */
export function makeGatewayClient(
  options: BotOptions,
  intents: readonly Intent[],
  rest: RestClient,
): GatewayClient {
  return (
    options.connection?.gateway ??
    new GatewayClient({
      ...options.gateway,
      ...(options.world !== undefined && { world: options.world }),
      token: options.token,
      intents,
      rest,
      ...(options.gatewayUrl !== undefined && { gatewayUrl: options.gatewayUrl }),
    })
  );
}

/**
 * The bot's world view, and whether the bot applies its events to it: the gateway client's own
 * (which applies each frame as it reads it); a host's, handed in `connection.world` (the host
 * applies them); or, on a host's connection without one, a view of the bot's own.
 */
export function worldOf(options: BotOptions, gateway: GatewayClient, rest: RestClient): [WorldView, boolean] {
  const shared = options.connection;
  const world = shared ? (shared.world ?? new WorldView(options.world)) : gateway.world;
  world.useRest(rest);
  return [world, shared !== undefined && shared.world === undefined];
}

/** The services a bot puts in its container, each injectable by its class. */
export interface BotServices {
  readonly bot: object;
  readonly botClass: new (options: BotOptions) => object;
  readonly rest: RestClient;
  readonly gateway: GatewayClient;
  readonly world: WorldView;
  readonly logger: Logger;
  readonly clock: Clock;
  readonly store: StateStore;
  readonly scheduler: Scheduler;
}

/**
 * Registers the bot's services, the providers, and the classes of its commands, listeners and
 * jobs in its container: a command of `scope: "interaction"` is made per use, every other class
 * once per bot (and `@singleton()` services once in this bot, none shared with others). A plugin's
 * classes and services go in a child container of its own; answers those containers.
 */
export function registerServices(
  container: DependencyContainer,
  services: BotServices,
  definitions: BotDefinitions,
): PluginContainers {
  const { options } = definitions;
  container.registerInstance(services.botClass, services.bot);
  container.registerInstance(RestClient, services.rest);
  container.registerInstance(GatewayClient, services.gateway);
  container.registerInstance(WorldView, services.world);
  // Abstract classes are tokens too: a constructor parameter typed `Logger` resolves to this one.
  container.registerInstance(Logger as unknown as InjectionToken<Logger>, services.logger);
  container.registerInstance(Clock as unknown as InjectionToken<Clock>, services.clock);
  container.registerInstance(StateStore as unknown as InjectionToken<StateStore>, services.store);
  container.registerInstance(Scheduler, services.scheduler);
  for (const p of options.providers ?? []) container.registerInstance(p.provide, p.useValue);
  const { plugins, ownerOf } = definitions.plugins;
  const homes = makePluginContainers(container, plugins, ownerOf);
  const schedules = [...definitions.schedules.values()];
  for (const s of schedules) registerOnce(homes.homeOf(s.target), s.target as unknown as AnyClass);
  const commands = [...definitions.commands.values()];
  for (const c of commands) {
    const target = c.target as unknown as AnyClass;
    const lifecycle = c.options.scope === "interaction" ? Lifecycle.ContainerScoped : Lifecycle.Singleton;
    homes.homeOf(c.target).register(target, { useClass: target }, { lifecycle });
  }
  for (const h of definitions.handlerList)
    registerOnce(homes.homeOf(h.target), h.target as unknown as AnyClass);
  // Services marked @singleton(): one instance in this bot's container (or the plugin's for a
  // plugin's class), none shared with others; a plugin's exports are made in the plugin's only.
  const roots = new Map<DependencyContainer, AnyClass[]>();
  for (const target of [
    ...commands.map((c) => c.target),
    ...definitions.handlerList.map((h) => h.target),
    ...schedules.map((s) => s.target),
  ]) {
    const home = homes.homeOf(target);
    roots.set(home, [...(roots.get(home) ?? []), target as unknown as AnyClass]);
  }
  for (const [home, list] of roots) registerSingletons(home, list as never[], homes.exported);
  return homes;
}

function registerOnce(container: DependencyContainer, target: AnyClass): void {
  if (!container.isRegistered(target)) container.registerSingleton(target);
}
