import { createServer, type RequestListener, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { type Clock, ManualClock, RealClock } from "./kernel/clock.js";
import { CoreRuntime } from "./server/core-runtime.js";
import { createGatewayBackend } from "./events/gateway-backend-adapter.js";
import { ServerCore } from "./server/server-core.js";
import { createEventGateway } from "./events/event-gateway.js";
import type { Gateway } from "./gateway/gateway.js";
import type { GatewayBackend } from "./gateway/gateway-backend.js";
import { HttpDispatcher } from "./http/dispatcher.js";
import { FaultRegistry } from "./http/faults.js";
import { DEFAULT_INSPECTOR_SIZE, Inspector } from "./inspector/inspector.js";
import { LiveFeed } from "./inspector/live-feed.js";
import {
  inspectDispatches,
  inspectInteractions,
  inspectRequests,
  inspectSessions,
} from "./server/wire-inspector.js";
import type { DispatchListener } from "./gateway/connection.js";
import { answerClientError } from "./http/client-error.js";
import { DEFAULT_RATE_LIMITS, RateLimiter, type RateLimitSettings } from "./http/rate-limiter.js";
import { RequestGuard } from "./http/request-guard.js";
import { type HttpTimeouts, httpServerOptions } from "./http/timeouts.js";
import type { DevAccess } from "./http/runtime.js";
import { guardedLog, logDispatches, logRequests, type RequestLog } from "./http/request-log.js";
import { ROUTES } from "./server/route-table.js";
import { seedRows } from "./seed/load-seed.js";
import type { SeedWorld } from "@chatbot/protocol/dev";
import { createServerObserver, type ServerObserver } from "./observe/server-observer.js";
import { MemoryStore } from "./kernel/store/memory-store.js";
import { SqliteStore } from "./kernel/store/sqlite-store.js";
import type { Store } from "./kernel/store/store.js";

export type { RateLimitSettings } from "./http/rate-limiter.js";
export type { HttpTimeouts } from "./http/timeouts.js";
export type { SeedWorld } from "@chatbot/protocol/dev";

/** Options of {@link startServer}; every one is optional. */
export interface ServerOptions {
  /** Where to listen; default `127.0.0.1`. */
  host?: string;
  /** Default 8787; 0 picks a free port. */
  port?: number;
  /**
   * A seed file path, or the seed object, loaded at start into an empty store. It is validated even
   * when a stored world wins (a bad seed is refused either way).
   */
  seed?: string | SeedWorld;
  /** With `seed` and `dataPath`: the seed replaces a world the store already holds. */
  seedReplacesStore?: boolean;
  /** SQLite file path: the durable store; absent = in memory. */
  dataPath?: string;
  /** Use a {@link ManualClock} (`POST /dev/v1/clock` moves it). */
  manualClock?: boolean;
  /** Or give a clock directly (tests). */
  clock?: Clock;
  /** `heartbeat_interval` of the gateway's hello; default 30000. */
  heartbeatIntervalMs?: number;
  /** `false` switches rate limits off; an object changes some of them. */
  rateLimits?: boolean | Partial<RateLimitSettings>;
  /**
   * The key `/dev/v1` requires (`Authorization: Dev <key>`). Given, it is required on every host,
   * loopback included; without it the dev API is open on loopback and off beyond it.
   */
  devKey?: string;
  /** Largest request body; default 1 MiB; larger bodies answer 413. */
  maxBodyBytes?: number;
  /**
   * Interactions kept before the oldest closed ones (past their 15 minutes) are dropped with their
   * ephemeral answers; default 10,000.
   */
  keptInteractions?: number;
  /**
   * How long a client may take: to send a request's headers (`headersTimeoutMs`, default 10 s), its
   * whole request with the body (`requestTimeoutMs`, default 30 s; past it the answer is `408` and
   * the connection closes), and how long an idle keep-alive connection stays open between requests
   * (`keepAliveTimeoutMs`, default 5 s). Gateway connections are not concerned once upgraded.
   */
  timeouts?: HttpTimeouts;
  /**
   * Told of every `/v1` call and webhook execution once answered, and of every gateway event sent
   * (the CLI prints these lines); absent, nothing is logged and nothing is spent on it.
   */
  requestLog?: RequestLog;
  /**
   * The inspector's ring (`GET /dev/v1/inspector`, the console): how many records it keeps (default
   * 2,000), or `false` to switch it off (load tests).
   */
  inspector?: number | false;
}

/** A started server. */
export interface RunningServer {
  /** `http://127.0.0.1:PORT`. */
  readonly baseUrl: string;
  /** `ws://127.0.0.1:PORT/v1/gateway`. */
  readonly gatewayUrl: string;
  readonly port: number;
  readonly clock: Clock;
  /** Where the world at start came from: the store, the seed, or nowhere (an empty world). */
  readonly worldSource: WorldSource;
  /**
   * The world, the permission engine and the change stream (`core.subscribe`): the server's
   * internals, for its own tests. Not a stable API: tools use {@link observe} and the dev API.
   * @internal
   */
  readonly core: ServerCore;
  /** The node http.Server; its `upgrade` event is left for the gateway. */
  readonly httpServer: Server;
  /** The core as the gateway's backend (`createGateway(server.gatewayBackend)`). */
  readonly gatewayBackend: GatewayBackend;
  /**
   * The gateway served on `/v1/gateway`, fed by the core's change stream. `dispatch(appId, event,
   * data)` sends events no change carries (`INTERACTION_CREATE`); `closeApp` closes a connection.
   */
  readonly gateway: Gateway;
  /** The inspector (`GET /dev/v1/inspector`), or null when it is off (`inspector: false`). */
  readonly inspector: Inspector | null;
  /**
   * The observation port: what a tool in this process may watch beyond the wire (waits woken by
   * commits, views of the world). `@chatbot/testing` stands on it.
   */
  readonly observe: ServerObserver;
  /** Runs `hook` when the server closes (after the gateway, before the store closes). */
  onClose(hook: () => void | Promise<void>): void;
  /** Stops listening, closes sockets and the store; idempotent. */
  close(): Promise<void>;
}

/** Where a started server's world came from: {@link RunningServer.worldSource}. */
export type WorldSource = "store" | "seed" | "empty";

const LOOPBACK = new Set(["127.0.0.1", "::1", "localhost"]);

function rateSettings(option: ServerOptions["rateLimits"]): RateLimitSettings | null {
  if (option === false) return null;
  if (option === true || option === undefined) return { ...DEFAULT_RATE_LIMITS };
  return { ...DEFAULT_RATE_LIMITS, ...option };
}

function devAccess(host: string, key: string | undefined): DevAccess {
  if (key) return { mode: "key", key };
  return LOOPBACK.has(host) ? { mode: "open" } : { mode: "off" };
}

function urlHost(host: string): string {
  if (host === "0.0.0.0" || host === "::") return "127.0.0.1";
  return host.includes(":") ? `[${host}]` : host;
}

function openStore(dataPath: string | undefined): Store {
  return dataPath === undefined ? new MemoryStore() : new SqliteStore(dataPath);
}

function loadWorld(core: ServerCore, options: ServerOptions): WorldSource {
  const { seed } = options;
  // Validated (shape, then references while the rows are built) even when the stored world wins.
  const rows = seed === undefined ? undefined : seedRows(seed, core.clock.now());
  const stored = core.store.load();
  const storeHolds = Object.values(stored).some((list) => list.length > 0);
  if (storeHolds && !(rows && options.seedReplacesStore)) {
    core.loadRows(stored, false);
    return "store";
  }
  if (rows === undefined) return "empty";
  // --reseed over a stored world: one transaction, so a crash keeps the old world or the seed.
  if (storeHolds) core.replaceRows(rows);
  else core.loadRows(rows, true);
  return "seed";
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

/** One dispatch listener calling both (either may be absent). */
function bothListeners(
  a: DispatchListener | undefined,
  b: DispatchListener | undefined,
): DispatchListener | undefined {
  if (!a || !b) return a ?? b;
  return (...args) => {
    a(...args);
    b(...args);
  };
}

/**
 * Starts the reference server: loads the stored world (or the seed into an empty store), serves
 * REST `/v1` and the dev API `/dev/v1` over node:http on one port, and leaves the `upgrade` event
 * for the gateway. Resolves once it listens.
 */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const host = options.host ?? "127.0.0.1";
  const serverOptions = httpServerOptions(options.timeouts);
  const clock = options.clock ?? (options.manualClock ? new ManualClock() : new RealClock());
  const store = openStore(options.dataPath);
  const core = new ServerCore({
    clock,
    store,
    ...(options.keptInteractions === undefined ? {} : { keptInteractions: options.keptInteractions }),
  });
  let worldSource: WorldSource;
  try {
    worldSource = loadWorld(core, options);
  } catch (error) {
    core.close();
    store.close();
    throw error;
  }
  const heartbeatIntervalMs = options.heartbeatIntervalMs ?? 30_000;
  const log = options.requestLog ? guardedLog(options.requestLog) : undefined;
  const inspector =
    options.inspector === false ? null : new Inspector(options.inspector ?? DEFAULT_INSPECTOR_SIZE);
  const feed = new LiveFeed();
  core.beforeCommit(feed.commitHook);
  if (inspector) core.beforeCommit(inspectInteractions(core, inspector));
  const onDispatch = bothListeners(
    log ? logDispatches(core, log) : undefined,
    inspector ? inspectDispatches(core, inspector) : undefined,
  );
  const events = createEventGateway(core, {
    heartbeatIntervalMs,
    ...(onDispatch ? { onDispatch } : {}),
    ...(inspector ? { onSession: inspectSessions(core, inspector) } : {}),
  });
  const runtime = new CoreRuntime({
    gateway: events.gateway,
    faults: new FaultRegistry(),
    core,
    limiter: new RateLimiter(clock),
    rateLimits: rateSettings(options.rateLimits),
    maxBodyBytes: options.maxBodyBytes ?? 1024 * 1024,
    devAccess: devAccess(host, options.devKey),
    heartbeatIntervalMs,
    inspector,
    feed,
  });
  const guard = new RequestGuard(host, runtime.devAccess);
  const dispatcher = new HttpDispatcher(runtime, ROUTES, guard);
  let listener: RequestListener = dispatcher.handle;
  if (inspector) listener = inspectRequests(core, inspector, listener);
  if (log) listener = logRequests(core, log, listener);
  const httpServer = createServer(serverOptions, listener);
  httpServer.on("upgrade", (req, socket, head) => events.gateway.handleUpgrade(req, socket, head));
  httpServer.on("clientError", answerClientError);
  let port: number;
  try {
    port = await listen(httpServer, options.port ?? 8787, host);
  } catch (error) {
    await events.close();
    core.close();
    store.close();
    throw error;
  }
  guard.listening(port);
  const baseUrl = `http://${urlHost(host)}:${port}`;
  const gatewayUrl = `ws://${urlHost(host)}:${port}/v1/gateway`;
  runtime.setUrls(baseUrl, gatewayUrl);

  const hooks: Array<() => void | Promise<void>> = [];
  let closing: Promise<void> | null = null;
  return {
    baseUrl,
    gatewayUrl,
    port,
    clock,
    worldSource,
    core,
    httpServer,
    gatewayBackend: createGatewayBackend(core, heartbeatIntervalMs),
    gateway: events.gateway,
    inspector,
    observe: createServerObserver(core, events.gateway, inspector),
    onClose: (hook) => {
      hooks.push(hook);
    },
    close: () => {
      closing ??= (async () => {
        const stopped = new Promise<void>((resolve) => httpServer.close(() => resolve()));
        httpServer.closeAllConnections();
        await events.close();
        for (const hook of hooks) await hook();
        await stopped;
        core.close();
        store.close();
      })();
      return closing;
    },
  };
}
