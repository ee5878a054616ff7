import { join, relative, sep } from "node:path";
import type { Intent } from "@chatbot/protocol";
import { SqliteStore } from "@chatbot/framework";
import { RestClient } from "@chatbot/rest";
import { type RunningServer, startServer } from "@chatbot/server";
import { formatLogLine } from "../log-line.js";
import { closeOnStop } from "../parent-watch.js";
import type { Output } from "../server-command.js";
import { BotHost, type Generation } from "./bot-host.js";
import { canLoadBuildsFromMemory } from "./build-resolve.js";
import { collectGarbageSoon } from "./collect-garbage.js";
import { BotCompiler } from "./compile.js";
import { DevConnection } from "./dev-connection.js";
import { DevLogger } from "./dev-logger.js";
import type { DevFlags } from "./dev-options.js";
import { type DevWorld, ensureDevWorld } from "./dev-world.js";
import { describeFailure } from "./failure.js";
import { startPrompt } from "./prompt.js";
import { SaveWatcher } from "./save-watcher.js";
import { startTypeCheck } from "./type-check.js";

/** The project `chatbot dev` runs: its folder, the bot's entry in it and where its state is kept. */
export interface DevProject {
  readonly root: string;
  /** The file that default-exports the bot (absolute). */
  readonly entry: string;
  /** The folder of sources the entry is in (absolute; `src`). */
  readonly sources: string;
  /** `.chatbot/` inside the project. */
  readonly state: string;
  /** The project's name, read again each time the world is made (the install's name). */
  readonly name: () => string;
}

/** A crash this soon after the previous one waits for a fix instead of restarting again. */
const CRASH_AGAIN_MS = 2_000;

/** How long the running code gets to finish what it does when `chatbot dev` stops. */
const STOP_CODE_MS = 1_000;

const intentsOf = (generation: Generation | null) => generation?.intents ?? [];

/**
 * One run of `chatbot dev`: the reference server (or `--server-url`), the development world kept
 * in `.chatbot/`, one gateway connection and REST client, and the bot's code reloaded around them
 * on every save. {@link start} brings it up, {@link reload} takes saves in, {@link stop} closes it.
 */
export class DevSession {
  readonly #compiler: BotCompiler;
  readonly #host: BotHost;
  readonly #saves: SaveWatcher;
  #server: RunningServer | null = null;
  #baseUrl = "";
  #gatewayUrl = "";
  #world: DevWorld | undefined;
  #rest: RestClient | null = null;
  /** The host's own connection to the bot's store file, for the connection's recovery point. */
  #store: SqliteStore | null = null;
  #releaseStore: () => void = () => undefined;
  #connection: DevConnection | null = null;
  /** Reloads run one after the other: each waits for the one before. */
  #reloading = Promise.resolve();
  /** Whether a crash restarts the code: not before the first code has been started. */
  #reloadable = false;
  #lastCrash = -Infinity;
  #stopTypeCheck: () => Promise<void> = async () => undefined;
  #prompt: { close(): void } | null = null;
  #stopped: Promise<void> | null = null;

  constructor(
    readonly project: DevProject,
    readonly flags: DevFlags,
    readonly output: Output,
  ) {
    // Where the code thread loads a build from memory (Node 22.15 and later), none is written.
    this.#compiler = new BotCompiler(project.root, project.sources, join(project.state, "build"), {
      inMemory: canLoadBuildsFromMemory,
    });
    this.#host = this.#hostFor(new DevLogger(output));
    this.#saves = new SaveWatcher(this.#compiler, {
      queue: (task) => this.#queue(task),
      reload: () => this.reload(),
    });
  }

  /** Resolves once `chatbot dev` has been asked to stop and has closed everything. */
  get stopped(): Promise<void> {
    return this.#stopped ?? Promise.resolve();
  }

  #hostFor(logger: DevLogger): BotHost {
    const world = () => this.#world;
    const baseUrl = () => this.#baseUrl;
    return new BotHost({
      get token() {
        return world()?.token ?? "";
      },
      get baseUrl() {
        return baseUrl();
      },
      logger,
      ready: () => this.#connection!.ready,
      world: () => this.#connection!.gateway.world.export(),
      // Not waited for: the events held during the switch go to the new code meanwhile.
      onReplaced: (build) => void this.#compiler.removeBuildsExcept(build),
      storePath: join(this.project.state, "state.db"),
      recycleAfter: this.flags["recycle-after"],
      onCrash: (error) => this.#restart(error),
      ...(this.flags.inspect !== undefined && {
        inspect: {
          port: this.flags.inspect,
          opened: (url, error) =>
            url
              ? this.output.out(
                  `inspector: ${url} (attach VS Code with .vscode/launch.json, or Chrome at chrome://inspect; breakpoints in your .ts files hold across reloads)`,
                )
              : this.output.err(
                  `chatbot dev: the inspector could not open on port ${this.flags.inspect}: ${error}`,
                ),
        },
      }),
    });
  }

  /**
   * Loads the bot, starts the server and the world, connects and starts the code, then watches the
   * sources and prints the ready line. A bot that does not load or start waits for a fix.
   */
  async start(): Promise<void> {
    // The first build: its intents decide the install's and the connection's.
    const first = await this.#loadFirst();
    await this.#serve();
    try {
      this.#world = await this.#ensureWorld(intentsOf(first));
    } catch (error) {
      // Nothing else is running yet: close the server and the code's thread, or they would keep the
      // process alive.
      await this.#abandon();
      throw error;
    }
    this.#rest = new RestClient({ token: this.#world.token, baseUrl: this.#baseUrl });
    this.#store = new SqliteStore({ path: join(this.project.state, "state.db") });
    try {
      // The process is the store file's one writer (its code threads claim nothing of their own):
      // another chatbot dev, or a bot, on this project's store is refused, and refuses this one.
      this.#releaseStore = this.#store.claimWriter();
    } catch (error) {
      await this.#store.close();
      await this.#abandon();
      throw error;
    }
    const startError = await this.#startFirst(first);
    // An error thrown outside any handler (in a timer of the bot's own, say) ends the code's thread,
    // not chatbot dev: it is printed and the code is loaded again, unless it crashed at once again.
    this.#reloadable = true;
    await this.#saves.start();
    // Everything is in place (watcher, signal handlers) before the ready line: whoever reads it may
    // save a file or stop the process at once.
    this.#startTypeCheck();
    this.#stopped = closeOnStop(
      "chatbot dev",
      (line) => this.output.err(line),
      () => this.stop(),
    );
    await this.#announce(startError);
  }

  async #loadFirst(): Promise<Generation | null> {
    try {
      return await this.#host.load(this.#compiler, this.project.entry);
    } catch (error) {
      this.output.err(
        `chatbot dev: the bot could not be loaded; waiting for a fix\n${describeFailure(error, this.project.root)}`,
      );
      return null;
    }
  }

  /** Starts the reference server, or asks `--server-url` where its gateway is. */
  async #serve(): Promise<void> {
    const { flags } = this;
    if (flags["server-url"] !== undefined) {
      const baseUrl = (this.#baseUrl = flags["server-url"]);
      const answer = await fetch(`${baseUrl}/v1/gateway`).catch(async (error: unknown) => {
        await this.#abandon();
        throw new Error(`--server-url ${baseUrl} does not answer: ${String(error)}`, { cause: error });
      });
      this.#gatewayUrl = ((await answer.json()) as { url: string }).url;
      return;
    }
    this.#server = await startServer({
      host: flags.host,
      port: flags.port,
      dataPath: join(this.project.state, "world.db"),
      manualClock: flags["manual-clock"],
      ...(flags.log && { requestLog: (entry) => this.output.out(formatLogLine(entry)) }),
    });
    ({ baseUrl: this.#baseUrl, gatewayUrl: this.#gatewayUrl } = this.#server);
  }

  #ensureWorld(intents: readonly Intent[]): Promise<DevWorld> {
    return ensureDevWorld(this.#baseUrl, this.project.state, this.project.name(), intents);
  }

  /** Before the world is up: the code's thread and the server closed, so the process can end. */
  async #abandon(): Promise<void> {
    await this.#host.stop();
    await this.#server?.close();
  }

  /**
   * The first connection, then the first code started: what the connection reads back waits for
   * that code and goes to it. Answers why the code could not start, if it could not.
   */
  async #startFirst(first: Generation | null): Promise<string | null> {
    return this.#host.hold(async () => {
      await this.#connect(intentsOf(first), true);
      if (!first) return null;
      try {
        await this.#host.replace(first);
        return null;
      } catch (error) {
        return describeFailure(error, this.project.root);
      }
    });
  }

  /** A connection with `intents` in place of the current one; `resume` for the first of the process. */
  async #connect(intents: readonly Intent[], resume = false): Promise<void> {
    const next = new DevConnection(
      this.#rest!,
      this.#world!.token,
      this.#gatewayUrl,
      intents,
      this.#host,
      this.#store!,
    );
    await next.open(resume);
    const previous = this.#connection;
    this.#connection = next;
    await previous?.close();
  }

  #startTypeCheck(): void {
    if (!this.flags.typecheck) return;
    const { output } = this;
    this.#stopTypeCheck = startTypeCheck(this.project.root, {
      errors: (lines) =>
        output.err(`type errors (the bot still reloads; fix them before you build):\n${lines.join("\n")}`),
      clean: () => output.out("types: no errors"),
      off: (reason) => output.err(`chatbot dev: no type check: ${reason}`),
      reloaded: () => this.#settled(),
    });
  }

  /**
   * Resolves once no reload is under way or queued and no save waits for one: a save still being
   * gathered (10 ms, or up to 200 ms for a file caught empty) reloads first, then is checked.
   */
  async #settled(): Promise<void> {
    for (;;) {
      const reloading = this.#reloading;
      await reloading;
      if (reloading !== this.#reloading) continue;
      if (!this.#saves.waiting) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  /** The ready line (with the console's address when the server has one), then the prompt. */
  async #announce(startError: string | null): Promise<void> {
    const baseUrl = this.#baseUrl;
    const consoleUrl = await fetch(`${baseUrl}/console/`).then(
      (res) => (res.ok ? ` console_url=${baseUrl}/console/` : ""),
      () => "",
    );
    this.output.out(`ready base_url=${baseUrl} gateway_url=${this.#gatewayUrl}${consoleUrl}`);
    if (startError) this.output.err(`chatbot dev: the bot could not start; waiting for a fix\n${startError}`);
    if (this.flags.prompt ?? process.stdin.isTTY === true) {
      this.#prompt = startPrompt({
        baseUrl,
        world: () => this.#world!,
        output: this.output,
        manualClock: this.flags["manual-clock"],
      });
    }
  }

  #queue(task: () => Promise<void> | void): void {
    this.#reloading = this.#reloading.then(task);
  }

  /** Loads what is on disk in place of the running code: after saves, or after a crash (`crashed`). */
  async reload(crashed?: "crashed"): Promise<void> {
    const { root } = this.project;
    const saved = this.#saves.take();
    // The events of a save the last reload took already (they can come after it began).
    if (!crashed && this.#compiler.hasBuilt(saved)) return;
    const files = saved.map((f) => relative(root, f).split(sep).join("/")).sort();
    const what = crashed ? "the bot's code" : files.join(", ");
    const started = performance.now();
    try {
      const line = await this.#host.hold(() => this.#switchCode());
      const took = Math.round(performance.now() - started);
      this.output.out(`${crashed ? "restarted" : "reloaded"} ${what} in ${took} ms, ${line}`);
      collectGarbageSoon();
    } catch (error) {
      const after = crashed ? "waiting for a fix" : "the previous code keeps serving";
      this.output.err(`reload of ${what} failed; ${after}\n${describeFailure(error, root)}`);
    }
  }

  /** Builds and starts the code on disk, reconnecting first when its intents changed. */
  async #switchCode(): Promise<string> {
    const generation = await this.#host.load(this.#compiler, this.project.entry);
    const intents = intentsOf(generation);
    let reconnected = "";
    if (intents.join() !== this.#connection!.intents.join()) {
      this.#world = await this.#ensureWorld(intents);
      await this.#connect(intents);
      reconnected = `, intents now ${intents.join(", ") || "none"} (reconnected)`;
    }
    return `${await this.#host.replace(generation)}${reconnected}`;
  }

  /** The code's thread ended with `error`: it is printed and the code restarted, unless it just was. */
  #restart(error: Error): void {
    const again = performance.now() - this.#lastCrash < CRASH_AGAIN_MS;
    this.#lastCrash = performance.now();
    this.output.err(
      `the bot's code threw outside any handler, which ended it; ${again ? "it did so again at once, waiting for a fix" : "restarting it"}\n${describeFailure(error, this.project.root)}`,
    );
    if (!again) this.#queue(() => (this.#reloadable ? this.reload("crashed") : undefined));
  }

  /** Closes everything: no new events; the code finishes what it runs, then where the connection stood is kept. */
  async stop(): Promise<void> {
    this.#prompt?.close();
    await this.#saves.close();
    await this.#stopTypeCheck();
    await this.#connection?.gateway.close();
    await Promise.race([this.#host.stop(), new Promise((r) => setTimeout(r, STOP_CODE_MS))]);
    await this.#connection?.keeper.stop();
    this.#releaseStore();
    await this.#store?.close();
    await this.#rest?.close();
    await this.#server?.close();
  }
}
