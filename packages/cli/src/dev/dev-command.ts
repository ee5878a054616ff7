import { existsSync, readFileSync, rmSync } from "node:fs";
import { basename, join, relative, resolve, sep } from "node:path";
import type { GuildCreatePayload, Intent } from "@chatbot/protocol";
import { logGateway, RecoveryKeeper, SqliteStore, type StateStore } from "@chatbot/framework";
import { GatewayClient } from "@chatbot/gateway";
import { RestClient } from "@chatbot/rest";
import { type RunningServer, startServer } from "@chatbot/server";
import { watch } from "chokidar";
import { formatLogLine } from "../log-line.js";
import { closeOnStop } from "../parent-watch.js";
import type { Output } from "../server-command.js";
import { UsageError } from "../usage-error.js";
import { BotHost, type Generation, stateFolder } from "./bot-host.js";
import { BotCompiler } from "./compile.js";
import type { DevFlags } from "./dev-options.js";
import { DevLogger } from "./dev-logger.js";
import { type DevWorld, ensureDevWorld } from "./dev-world.js";
import { describeFailure } from "./failure.js";
import { startPrompt } from "./prompt.js";
import { startTypeCheck } from "./type-check.js";

/** The project's name: its package.json `name` (without a scope), else its folder's name. */
function projectName(root: string): string {
  try {
    const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { name?: unknown };
    if (typeof manifest.name === "string" && manifest.name !== "")
      return manifest.name.replace(/^@[^/]+\//, "");
  } catch {
    // no package.json: the folder's name
  }
  return basename(root);
}

/**
 * One connection to the gateway and what its READY said, kept up across reloads. It keeps where
 * the bot's message handling stands in the bot's store, as a bot of its own does, so that the next
 * `chatbot dev` reads back what was posted while none ran.
 */
class Connection {
  readonly ready: { userId: string; guilds: GuildCreatePayload[] } = { userId: "", guilds: [] };
  readonly gateway: GatewayClient;
  readonly keeper: RecoveryKeeper;
  /** Whether events go on to the bot: not before this connection's first READY has been taken in. */
  #live = false;
  constructor(
    readonly rest: RestClient,
    token: string,
    gatewayUrl: string,
    readonly intents: readonly Intent[],
    host: BotHost,
    store: StateStore,
  ) {
    this.gateway = new GatewayClient({ token, intents: [...intents], rest, gatewayUrl });
    this.keeper = new RecoveryKeeper(this.gateway, store, host.setup.logger);
    logGateway(this.gateway, host.setup.logger);
    this.gateway.on("dispatch", (event) => {
      if (event.name === "READY") {
        this.ready.userId = event.data.user.id;
        this.ready.guilds = [];
      }
      if (event.name === "GUILD_CREATE") {
        this.ready.guilds = [...this.ready.guilds.filter((g) => g.id !== event.data.id), event.data];
      }
      if (event.name === "GUILD_DELETE")
        this.ready.guilds = this.ready.guilds.filter((g) => g.id !== event.data.id);
      // A connection's first READY and servers reach the bot through shared(), not as events.
      return this.#live ? host.deliver(event, this.keeper) : undefined;
    });
  }
  /** Connects; `resume`: first reads back what was posted since the last `chatbot dev` stopped. */
  async open(resume: boolean): Promise<void> {
    if (resume) await this.keeper.resume();
    // Live from the `ready` event itself: the events right behind it in the client's queue are
    // handed over before an awaiting continuation would run, and they must reach the bot.
    const ready = new Promise<void>((resolve) =>
      this.gateway.once("ready", () => {
        this.#live = true;
        resolve();
      }),
    );
    await this.gateway.connect();
    await ready;
    this.keeper.start();
  }

  /** Closes the connection and keeps where it stood. */
  async close(): Promise<void> {
    await this.gateway.close();
    await this.keeper.stop();
  }
}

/**
 * `chatbot dev [entry]`: the reference server (or `--server-url`), the development world kept in
 * `.chatbot/`, one gateway connection and REST client, and the bot's code reloaded around them on
 * every save. Resolves once stopped (SIGINT, SIGTERM, or the npm process that started it gone).
 */
export async function runDev(flags: DevFlags, output: Output): Promise<void> {
  process.setSourceMapsEnabled(true);
  const root = process.cwd();
  const entry = resolve(root, flags.entry);
  if (!existsSync(entry)) {
    throw new UsageError(
      `the entry ${flags.entry} does not exist (looked for ${entry}); give the file that default-exports defineBot({ ... })`,
    );
  }
  const top = relative(root, entry).split(sep)[0]!;
  if (top === ".." || top === relative(root, entry)) {
    throw new UsageError(
      `the entry ${flags.entry} must be inside a folder of the project, such as src/bot.ts`,
    );
  }
  const state = stateFolder(root);
  if (flags.fresh) rmSync(state, { recursive: true, force: true });
  rmSync(join(state, "build"), { recursive: true, force: true });
  const compiler = new BotCompiler(root, join(root, top), join(state, "build"));
  const logger = new DevLogger(output);

  let server: RunningServer | null = null;
  let connection: Connection | null = null;
  let world: DevWorld | undefined;
  // Saves are gathered for a moment, then one reload takes them all; another waits for it.
  let changed = new Set<string>();
  let reloading = Promise.resolve();
  // A crash of the code's thread restarts it (see restart()), once reloads can run.
  let lastCrash = -Infinity;
  let reloads: ((crashed?: "crashed") => Promise<void>) | null = null;
  let baseUrl = "";
  let gatewayUrl: string;
  const host = new BotHost({
    get token() {
      return world?.token ?? "";
    },
    get baseUrl() {
      return baseUrl;
    },
    logger,
    ready: () => connection!.ready,
    onReplaced: (build) => compiler.removeBuildsExcept(build),
    storePath: join(state, "state.db"),
    recycleAfter: flags["recycle-after"],
    onCrash: (error) => restart(error),
  });
  const abandon = async () => {
    await host.stop();
    await server?.close();
  };

  // The first build: its intents decide the install's and the connection's.
  let first: Generation | null = null;
  try {
    first = await host.load(compiler, entry);
  } catch (error) {
    output.err(
      `chatbot dev: the bot could not be loaded; waiting for a fix\n${describeFailure(error, root)}`,
    );
  }

  if (flags["server-url"] !== undefined) {
    baseUrl = flags["server-url"];
    const answer = await fetch(`${baseUrl}/v1/gateway`).catch(async (error: unknown) => {
      await abandon();
      throw new Error(`--server-url ${baseUrl} does not answer: ${String(error)}`, { cause: error });
    });
    gatewayUrl = ((await answer.json()) as { url: string }).url;
  } else {
    server = await startServer({
      host: flags.host,
      port: flags.port,
      dataPath: join(state, "world.db"),
      manualClock: flags["manual-clock"],
      ...(flags.log && { requestLog: (entry) => output.out(formatLogLine(entry)) }),
    });
    ({ baseUrl, gatewayUrl } = server);
  }

  const intentsOf = (generation: Generation | null) => generation?.intents ?? [];
  try {
    world = await ensureDevWorld(baseUrl, state, projectName(root), intentsOf(first));
  } catch (error) {
    // Nothing else is running yet: close the server and the code's thread, or they would keep the
    // process alive.
    await abandon();
    throw error;
  }
  const rest = new RestClient({ token: world.token, baseUrl });
  // The host's own connection to the bot's store file, for the connection's recovery point.
  const store = new SqliteStore({ path: join(state, "state.db") });
  /** A connection with `intents` in place of the current one; `resume` for the first of the process. */
  const connect = async (intents: readonly Intent[], resume = false) => {
    const next = new Connection(rest, world!.token, gatewayUrl, intents, host, store);
    await next.open(resume);
    const previous = connection;
    connection = next;
    await previous?.close();
  };
  let startError: string | null = null;
  // What the first connection reads back waits for the first code to run, and goes to it.
  await host.hold(async () => {
    await connect(intentsOf(first), true);
    if (!first) return;
    try {
      await host.replace(first);
    } catch (error) {
      startError = describeFailure(error, root);
    }
  });

  let timer: NodeJS.Timeout | undefined;
  /** Loads what is on disk in place of the running code: after saves, or after a crash (`crashed`). */
  const reload = async (crashed?: "crashed") => {
    const files = [...changed].map((f) => relative(root, f).split(sep).join("/")).sort();
    changed = new Set();
    const what = crashed ? "the bot's code" : files.join(", ");
    const started = performance.now();
    try {
      const line = await host.hold(async () => {
        const generation = await host.load(compiler, entry);
        const intents = intentsOf(generation);
        let reconnected = "";
        if (intents.join() !== connection!.intents.join()) {
          world = await ensureDevWorld(baseUrl, state, projectName(root), intents);
          await connect(intents);
          reconnected = `, intents now ${intents.join(", ") || "none"} (reconnected)`;
        }
        return `${await host.replace(generation)}${reconnected}`;
      });
      const took = Math.round(performance.now() - started);
      output.out(`${crashed ? "restarted" : "reloaded"} ${what} in ${took} ms, ${line}`);
    } catch (error) {
      const after = crashed ? "waiting for a fix" : "the previous code keeps serving";
      output.err(`reload of ${what} failed; ${after}\n${describeFailure(error, root)}`);
    }
  };
  // An error thrown outside any handler (in a timer of the bot's own, say) ends the code's thread,
  // not chatbot dev: it is printed and the code is loaded again, unless it crashed at once again.
  reloads = reload;
  function restart(error: Error): void {
    const again = performance.now() - lastCrash < 2_000;
    lastCrash = performance.now();
    output.err(
      `the bot's code threw outside any handler, which ended it; ${again ? "it did so again at once, waiting for a fix" : "restarting it"}\n${describeFailure(error, root)}`,
    );
    if (!again) reloading = reloading.then(() => reloads?.("crashed"));
  }
  const watcher = watch(compiler.sources, {
    ignoreInitial: true,
    ignored: (path) => path.includes(".chatbot"),
  });
  watcher.on("all", (_event, path) => {
    if (!/\.(ts|mts)$/.test(path)) return;
    changed.add(path);
    clearTimeout(timer);
    timer = setTimeout(() => (reloading = reloading.then(() => reload())), 30);
  });
  // chokidar leaves out a change whose modification time equals the previous one (two saves within
  // the file system's clock tick): on every raw event, the sources on disk are compared with what
  // the running build compiled, and a difference reloads.
  let checkTimer: NodeJS.Timeout | undefined;
  watcher.on("raw", () => {
    clearTimeout(checkTimer);
    checkTimer = setTimeout(() => {
      reloading = reloading.then(() => {
        const stale = compiler.changedSince().filter((path) => !changed.has(path));
        if (stale.length === 0) return;
        for (const path of stale) changed.add(path);
        clearTimeout(timer);
        return reload();
      });
    }, 60);
  });
  await new Promise<void>((resolve) => watcher.once("ready", () => resolve()));

  // Everything is in place (watcher, signal handlers) before the ready line: whoever reads it may
  // save a file or stop the process at once.
  let prompt: { close(): void } | null = null;
  const stopTypeCheck = flags.typecheck
    ? startTypeCheck(root, {
        errors: (lines) =>
          output.err(`type errors (the bot still reloads; fix them before you build):\n${lines.join("\n")}`),
        clean: () => output.out("types: no errors"),
        off: (reason) => output.err(`chatbot dev: no type check: ${reason}`),
      })
    : async () => undefined;
  const stopped = closeOnStop(
    "chatbot dev",
    (line) => output.err(line),
    async () => {
      prompt?.close();
      clearTimeout(timer);
      clearTimeout(checkTimer);
      await stopTypeCheck();
      await watcher.close();
      // No new events; the code finishes what it runs, then where the connection stood is kept.
      await connection?.gateway.close();
      await Promise.race([host.stop(), new Promise((r) => setTimeout(r, 1_000))]);
      await connection?.keeper.stop();
      await store.close();
      await rest.close();
      await server?.close();
    },
  );

  const consoleUrl = await fetch(`${baseUrl}/console/`).then(
    (res) => (res.ok ? ` console_url=${baseUrl}/console/` : ""),
    () => "",
  );
  output.out(`ready base_url=${baseUrl} gateway_url=${gatewayUrl}${consoleUrl}`);
  if (startError) output.err(`chatbot dev: the bot could not start; waiting for a fix\n${startError}`);
  if (flags.prompt ?? process.stdin.isTTY === true) {
    prompt = startPrompt({ baseUrl, world: () => world!, output, manualClock: flags["manual-clock"] });
  }
  await stopped;
}
