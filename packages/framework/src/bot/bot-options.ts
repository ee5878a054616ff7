import type { GuildCreatePayload, Intent } from "@chatbot/protocol";
import type { GatewayClient, GatewayClientOptions, WorldView, WorldViewOptions } from "@chatbot/gateway";
import type { RestClient, RestClientOptions } from "@chatbot/rest";
import type { DependencyContainer } from "tsyringe";
import type { CommandContext } from "../context/command-context.js";
import type { ConversationDefinition } from "../conversations/conversation-types.js";
import type { EventContext } from "../context/event-context.js";
import type { Middleware } from "../middleware/compose.js";
import type { Plugin } from "../plugin/define-plugin.js";
import type { ClockTimer, Logger, LogLevel } from "../services.js";
import type { StateStore } from "../state/state-store.js";
import type { Provider } from "../definitions/provider.js";
import type { HandlerFailure } from "../dispatch/handler-failure.js";
import type { RunHook } from "../context/run-notice.js";

export type { Provider } from "../definitions/provider.js";

export type { HandlerFailure } from "../dispatch/handler-failure.js";

/**
 * Clients that outlive the bot, for a host that reloads a bot's code around one connection
 * (`chatbot dev`). The bot then neither connects nor closes them, and takes gateway events only
 * through {@link Bot.receive}.
 */
export interface BotConnection {
  readonly rest: RestClient;
  readonly gateway: GatewayClient;
  /** What the connection's `READY` said: the bot's user id and the servers seen so far. */
  readonly ready: { readonly userId: string; readonly guilds: readonly GuildCreatePayload[] };
  /**
   * The bot's world view, kept by the host from every event it hands over (so it outlives a
   * reload). Without it the bot keeps a view of its own from the events it receives, starting
   * from `ready.guilds`.
   */
  readonly world?: WorldView;
}

/** Options of {@link createBot}. */
export interface BotOptions {
  /** The bot token. */
  readonly token: string;
  /** The service's base URL (`http://127.0.0.1:8787` for the reference server). */
  readonly baseUrl: string;
  /** The gateway URL; default asked of the service (`GET /v1/gateway`). */
  readonly gatewayUrl?: string;
  /** Classes decorated with `@Command`. */
  readonly commands?: readonly (abstract new (...args: never[]) => unknown)[];
  /** Classes with `@On` / `@Once` handlers. */
  readonly listeners?: readonly (abstract new (...args: never[]) => unknown)[];
  /**
   * Conversations (`defineConversation`) the bot starts and answers: a started one waits in
   * `store` across reloads and restarts, so every one the bot may still have waiting is listed here.
   */
  readonly conversations?: readonly ConversationDefinition[];
  /** The container to resolve classes from; default a child of tsyringe's root container. */
  readonly container?: DependencyContainer;
  /** Values to register in the container (configuration, a store, ...). */
  readonly providers?: readonly Provider[];
  /**
   * Parts of the bot defined with `definePlugin`, each added with its options:
   * `plugins: [modLog({ channel: "mod-log" })]`. Their commands, listeners, jobs, middleware and
   * intents join the bot's; a command or job name two of them (or a plugin and the bot) define is
   * refused when the bot is made.
   */
  readonly plugins?: readonly Plugin[];
  /** Middleware run before every command, before the class's own. */
  readonly middleware?: readonly Middleware<CommandContext>[];
  /** Middleware run before every event handler, before the class's own. */
  readonly eventMiddleware?: readonly Middleware<EventContext>[];
  /** A logger, or the level of the default one (`info`; `silent` for none). */
  readonly logger?: Logger | LogLevel | "silent";
  /**
   * Where the bot keeps its state and scheduled jobs (injectable as `StateStore`): a
   * `SqliteStore` file for a process of its own, Redis for a cluster. Default: in memory, on the
   * bot's clock, gone when the process ends. A store made without a `clock` of its own runs its
   * times to live (and so cooldowns) on the bot's clock. The bot does not close a store it was given.
   */
  readonly store?: StateStore;
  /**
   * Read back, at start, the messages posted while no process of the bot was connected (a restart,
   * a deploy), as a reconnect does after a drop: the gateway's recovery point is kept in `store`
   * every 5 s and at stop, and a new process resumes from it. Default `true` when `store` is given
   * (a memory store ends with its process); needs `guild_messages` and a `MESSAGE_CREATE` handler.
   */
  readonly catchUp?: boolean;
  /**
   * The bot's clock (tests pass the world's clock); default the wall clock. A clock that says
   * `controllable: true` (the test world's) moves only when told: `stop()` does not wait real time
   * for handlers that only it can release.
   */
  readonly clock?: {
    now(): number;
    setTimer(delayMs: number, fn: () => void): ClockTimer;
    readonly controllable?: boolean;
  };
  /**
   * Register every command in this server instead of globally (a development server): changes show
   * at once there and nothing global is touched.
   */
  readonly devGuild?: string;
  /** Sync commands at `start()` (default true): only a real difference is written. */
  readonly sync?: boolean;
  /**
   * Send the thinking state for a handler still working `afterMs` after the interaction was made
   * (default 2,000 of the 3,000 allowed); `false` switches it off for every command.
   */
  readonly autoDefer?: false | { readonly afterMs?: number };
  /** Ask for `message_content` (message text in events and reads). */
  readonly messageContent?: boolean;
  /** Intents to ask for besides those the listeners need. */
  readonly intents?: readonly Intent[];
  /**
   * Called with every error a handler throws (a command's, a listener's, a scheduled job's), before
   * the framework answers or logs it.
   */
  readonly onError?: (error: unknown, where: HandlerFailure) => unknown;
  /**
   * Told, without being awaited, as each listener's run on an event, each conversation step's
   * `answer` and each job's run begins and ends, with the message or job it handles and whether the
   * framework flagged it as possibly run before. For tools that watch the bot from outside
   * (`@chatbot/testing`'s `explore` checks with it that nothing finished runs again); a hook that
   * throws fails the handler's run. Off by default, at no cost.
   */
  readonly onRun?: RunHook;
  /** Options for the REST client beyond token and base URL. */
  readonly rest?: Omit<RestClientOptions, "token" | "baseUrl">;
  /**
   * What the bot's world view (`bot.world`, `ctx.server`) keeps besides servers, channels and roles:
   * the people met, `{ members: { maxPerServer } }` (10,000 per server by default) or
   * `{ members: false }`. The view needs the `guilds` and `guild_expressions` intents, which every bot asks for.
   */
  readonly world?: WorldViewOptions;
  /** Options for the gateway client beyond token, intents and URL. */
  readonly gateway?: Omit<GatewayClientOptions, "token" | "intents" | "rest" | "gatewayUrl">;
  /** Use these clients instead of making new ones (see {@link BotConnection}). */
  readonly connection?: BotConnection;
  /**
   * Handle each server's events one after another, in order, for every listener (as `@On(e, {
   * ordered: true })` does for one): a handler does not start on a server's event before the
   * previous event's handlers there finished; other servers' events go on meanwhile. Default
   * `false`: every event's handlers start as soon as it arrives.
   */
  readonly ordered?: boolean;
  /** How long `stop()` waits for running handlers before deferring their interactions (5,000 ms). */
  readonly stopTimeoutMs?: number;
  /**
   * OpenTelemetry: `eventSpans: true` gives each listener's run a span of its own (off by default:
   * with an SDK on, a span costs several times a whole dispatch; events are counted either way).
   */
  readonly telemetry?: { readonly eventSpans?: boolean };
}
