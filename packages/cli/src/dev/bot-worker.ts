// The worker thread of `chatbot dev` that runs the bot's code: it imports each build, makes a bot of
// it around the host's connection (events come as messages; REST calls go out from here), and
// starts it in place of the previous one. The host ends the thread after a number of builds, which
// frees every module graph they loaded: ES modules cannot be unloaded from a running thread.
import { open as openInspector, url as inspectorUrl } from "node:inspector";
import { parentPort, workerData } from "node:worker_threads";
import {
  type Bot,
  type BotDefinition,
  createBot,
  describePlan,
  intentsOfBot,
  Logger,
  type LogLevel,
  SqliteStore,
} from "@chatbot/framework";
import { GatewayClient, WorldView } from "@chatbot/gateway";
import type { GuildCreatePayload } from "@chatbot/protocol";
import { RestClient } from "@chatbot/rest";
import { quickBuildResolve } from "./build-resolve.js";
import { collectGarbageSoon } from "./collect-garbage.js";
import { importDefinition } from "./entry.js";
import {
  eventFromHost,
  type FromWorker,
  type ToWorker,
  toWire,
  type WorkerSetup,
} from "./worker-protocol.js";

/** How many times (100 ms apart) the inspector's port is tried before the thread gives up on it. */
const INSPECT_ATTEMPTS = 30;

const port = parentPort!;
process.setSourceMapsEnabled(true);
const post = (message: FromWorker) => port.postMessage(message);

// `--inspect`: this thread's own inspector, opened before any of the bot's code is imported, so a
// debugger attached to it sees every build's scripts as they load (each with its source map to
// the .ts files) and binds its breakpoints in them, the next build's too.
const { inspect } = (workerData ?? {}) as WorkerSetup;
if (inspect) {
  // After a crash the fresh thread starts while the old one may still hold the port for a moment.
  for (let attempt = 1; ; attempt++) {
    try {
      openInspector(inspect.port, inspect.host);
      post({ type: "inspector", url: inspectorUrl() ?? null });
      break;
    } catch (error) {
      if (attempt < INSPECT_ATTEMPTS) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        continue;
      }
      post({ type: "inspector", url: null, error: error instanceof Error ? error.message : String(error) });
      break;
    }
  }
}

/** The bot's log goes to the host, which prints it around the prompt. */
class HostLogger extends Logger {
  log(level: LogLevel, message: string): void {
    post({ type: "log", level, message });
  }
}
const logger = new HostLogger();

/**
 * One REST client per token and server, shared by the generations of this thread (the token of a
 * development world does not change in practice, so there is one).
 */
const clients = new Map<string, RestClient>();
const restFor = (token: string, baseUrl: string): RestClient => {
  const key = `${baseUrl} ${token}`;
  let client = clients.get(key);
  if (!client) clients.set(key, (client = new RestClient({ token, baseUrl })));
  return client;
};

/**
 * The bot's state, in `.chatbot/state.db`: one connection per thread, shared by its generations,
 * so an open poll and a scheduled job survive a save, a recycled thread and a restart.
 */
let store: SqliteStore | null = null;
const storeAt = (path: string): SqliteStore => {
  if (store?.path !== path) store = new ThreadStore({ path });
  return store;
};

/**
 * The store of a code thread. The file's one-writer lock is the `chatbot dev` process's, claimed
 * by the host for the whole run: the threads are that one process, and a fresh thread's bot starts
 * while the one it replaces still runs, so a claim of each thread's own would refuse the next.
 */
class ThreadStore extends SqliteStore {
  override claimWriter(): () => void {
    return () => undefined;
  }
}

/** A loaded build: its definition and a bot made of it, not started yet. */
let loaded: {
  id: number;
  definition: BotDefinition;
  bot: Bot;
  token: string;
  baseUrl: string;
} | null = null;
let running: Bot | null = null;

/** Names the builds' folder, and hands over a build kept in memory, to the thread's hooks. */
const buildsAt = quickBuildResolve();

async function load(
  id: number,
  url: string,
  entryName: string,
  token: string,
  baseUrl: string,
  storePath: string,
): Promise<void> {
  storeAt(storePath);
  const bot = await importDefinition(url, entryName);
  const intents = intentsOfBot(bot);
  // Before the world exists the token is not known: this bot is only looked at, and made again
  // with the token when it starts.
  const made = make(bot, token || "token-not-known-yet", baseUrl || "http://127.0.0.1");
  // The command bodies, as the bot registers them, tell the host whether to sync.
  const commandsJson = JSON.stringify(
    [...made.commands.values()].map((c) => ({ body: c.body, guilds: c.options.guilds ?? null })),
  );
  loaded = { id, definition: bot, bot: made, token, baseUrl };
  post({ type: "loaded", id, intents, commandsJson });
}

/**
 * The bot's world, one per thread for every build it runs: taken from the host when the thread's
 * first bot starts, then kept by each event handed over, so a save keeps it as it was.
 */
const world = new WorldView();
let worldTaken = false;

/** What the connection's READY said, filled in when a bot starts (each bot reads it then). */
const ready: { userId: string; guilds: readonly GuildCreatePayload[] } = { userId: "", guilds: [] };

function make(definition: BotDefinition, token: string, baseUrl: string): Bot {
  const client = restFor(token, baseUrl);
  return createBot({
    ...definition,
    token,
    baseUrl,
    logger,
    // The connection is the host's: this gateway client is never opened; it is there for services
    // that inject one, and events come through receive().
    connection: {
      rest: client,
      gateway: new GatewayClient({ token, intents: [], rest: client }),
      ready,
      world,
    },
    ...(store && { store }),
    sync: false,
  });
}

async function start(message: Extract<ToWorker, { type: "start" }>): Promise<void> {
  if (!loaded || loaded.id !== message.id) throw new Error(`build ${message.id} is not loaded`);
  ready.userId = message.ready.userId;
  ready.guilds = message.ready.guilds;
  if (!worldTaken) {
    world.import(message.world);
    worldTaken = true;
  }
  // Made again only when the world's token was not known yet when the build was loaded.
  const next =
    loaded.token === message.token && loaded.baseUrl === message.baseUrl
      ? loaded.bot
      : make(loaded.definition, message.token, message.baseUrl);
  let commands = "commands unchanged";
  if (message.sync) {
    const plan = describePlan(await next.sync());
    commands = plan === "commands unchanged" ? plan : `commands synced (${plan})`;
  }
  await next.start();
  loaded = null;
  const previous = running;
  running = next;
  // The old code finishes what it was doing; it gets no new events.
  post({ type: "started", id: message.id, commands });
  // What the previous build left is garbage once the old code has finished what it was doing.
  if (previous) void previous.stop().finally(collectGarbageSoon);
  else collectGarbageSoon();
}

port.on("message", (message: ToWorker) => {
  if (message.type === "event") {
    const event = eventFromHost(message.event);
    if (worldTaken) world.apply(event);
    const handled = running?.handle(event);
    // The host keeps a channel's cursor before a message until its handlers ended.
    if (event.name === "MESSAGE_CREATE" && handled) {
      const done = () => post({ type: "handled", messageId: event.data.id });
      void handled.then(done, done);
    }
    return;
  }
  const work =
    message.type === "load"
      ? (buildsAt(message.builds, message.modules),
        load(message.id, message.url, message.entryName, message.token, message.baseUrl, message.storePath))
      : message.type === "start"
        ? start(message)
        : (running?.stop() ?? Promise.resolve()).then(() => post({ type: "stopped", id: message.id }));
  work.catch((error: unknown) => post({ type: "failed", id: message.id, error: toWire(error) }));
});

post({ type: "up" });
