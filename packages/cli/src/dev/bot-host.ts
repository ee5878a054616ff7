import { join, relative } from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type { Logger } from "@chatbot/framework";
import type { GatewayDispatch, GatewayMessage, WorldSnapshot } from "@chatbot/gateway";
import type { GuildCreatePayload, Intent } from "@chatbot/protocol";
import type { BotCompiler } from "./compile.js";
import { type FromWorker, fromWire, type ToWorker, type WorkerSetup } from "./worker-protocol.js";

/** Builds made again at most when files keep changing during the builds (a later save reloads anyway). */
const MAX_REBUILDS = 5;

/** Builds a thread runs before the next build gets a fresh one, by default. */
export const RECYCLE_AFTER = 20;

/** A fresh thread is started this many builds before it is needed, so that it is up by then. */
const SPARE_AHEAD = 1;

/**
 * The young generation of a code thread's heap, in MB. V8 sizes it from the machine's memory, and
 * Node 22 and 24 let it grow to tens of MB: with a code thread, the spare started ahead of it and
 * one retiring, `chatbot dev` stood at about 370 MB on Node 24 after 150 saves of a 50-file bot,
 * 270 MB with this limit. A bot's events make little garbage at a time; a reload's import is what
 * fills it, and it is collected in more, smaller steps.
 */
const CODE_THREAD_YOUNG_MB = 4;

/** How long a thread that was replaced gets to stop its bot before it is ended. */
const RETIRE_MS = 10_000;

/** One loaded version of the bot's code, in a worker thread, not started yet. */
export interface Generation {
  /** The intents its listeners need. */
  readonly intents: readonly Intent[];
  /** The build folder it was imported from (`.chatbot/build/<n>`). */
  readonly build: string;
  readonly id: number;
  readonly commandsJson: string;
  readonly thread: CodeThread;
}

/** What the host needs besides the code: where to connect and how to speak. */
export interface HostSetup {
  /** The world's token and server; read at each load and start (empty before the world exists). */
  readonly token: string;
  readonly baseUrl: string;
  readonly logger: Logger;
  /** What the connection's READY said, handed to each generation as it starts. */
  readonly ready: () => { userId: string; guilds: readonly GuildCreatePayload[] };
  /**
   * The bot's world as the connection has told it, handed to a fresh thread as it starts (a thread
   * keeps its own view across the builds it runs, from the events it is handed).
   */
  readonly world: () => WorldSnapshot;
  /** Told the build folder of each generation that took over. */
  readonly onReplaced?: (build: string) => void;
  /** The bot's state store file (`.chatbot/state.db`). */
  readonly storePath: string;
  /** Builds per worker thread before a fresh one (default {@link RECYCLE_AFTER}). */
  readonly recycleAfter?: number;
  /** Told when the running code ended its thread with an error thrown outside any handler. */
  readonly onCrash?: (error: Error) => void;
  /**
   * `--inspect`: each code thread opens its inspector on this port, and the code stays in one
   * thread (no recycling) so that a debugger stays attached; told the address each time.
   */
  readonly inspect?: { readonly port: number; readonly opened: (url: string | null, error?: string) => void };
}

let ids = 0;

/** Told when a message's handlers start and end (a `RecoveryKeeper` of the connection). */
export interface HandledMessages {
  began(message: GatewayMessage): void;
  ended(message: GatewayMessage): void;
}

/**
 * A worker thread that runs the bot's code: it imports builds, starts them around the host's
 * connection and takes events as messages. Ending it frees every module graph it imported.
 */
export class CodeThread {
  /** Builds imported in this thread. */
  loads = 0;
  #ended: Error | null = null;
  readonly #thread: Worker;
  readonly #up: Promise<void>;
  #down!: (error: Error) => void;
  readonly #waiting = new Map<number, { resolve: (m: FromWorker) => void; reject: (e: Error) => void }>();
  /** Messages handed to the bot whose handlers have not ended, and whom to tell when they do. */
  readonly #handling = new Map<string, { message: GatewayMessage; tracker: HandledMessages }>();

  constructor(
    logger: Logger,
    onError: (thread: CodeThread, error: Error) => void,
    inspect?: HostSetup["inspect"],
  ) {
    const setup: WorkerSetup = { inspect: inspect && { host: "127.0.0.1", port: inspect.port } };
    this.#thread = new Worker(new URL("./bot-worker.js", import.meta.url), {
      workerData: setup,
      resourceLimits: { maxYoungGenerationSizeMb: CODE_THREAD_YOUNG_MB },
    });
    let up!: () => void;
    this.#up = new Promise((resolve, reject) => {
      up = resolve;
      this.#down = reject;
    });
    this.#up.catch(() => undefined);
    this.#thread.on("message", (message: FromWorker) => {
      if (message.type === "up") up();
      else if (message.type === "inspector") inspect?.opened(message.url, message.error);
      else if (message.type === "log") logger.log(message.level, message.message);
      else if (message.type === "handled") {
        const handling = this.#handling.get(message.messageId);
        this.#handling.delete(message.messageId);
        handling?.tracker.ended(handling.message);
      } else {
        const waiter = this.#waiting.get(message.id);
        this.#waiting.delete(message.id);
        if (message.type === "failed") waiter?.reject(fromWire(message.error));
        else waiter?.resolve(message);
      }
    });
    this.#thread.on("error", (error) => {
      this.#end(error);
      onError(this, error);
    });
    this.#thread.on("exit", (code) => this.#end(new Error(`the bot's worker thread exited (code ${code})`)));
  }

  /** Whether the thread has ended (crashed or terminated). */
  get ended(): boolean {
    return this.#ended !== null;
  }

  #end(error: Error): void {
    this.#ended ??= error;
    this.#down(this.#ended);
    for (const waiter of this.#waiting.values()) waiter.reject(this.#ended);
    this.#waiting.clear();
  }

  /** Sends a request once the thread is up and answers its reply; a `failed` reply throws. */
  async request<T extends FromWorker["type"]>(
    message: Exclude<ToWorker, { type: "event" }>,
  ): Promise<Extract<FromWorker, { type: T }>> {
    await this.#up;
    if (this.#ended) throw this.#ended;
    const answer = new Promise<FromWorker>((resolve, reject) =>
      this.#waiting.set(message.id, { resolve, reject }),
    );
    this.#thread.postMessage(message);
    return (await answer) as Extract<FromWorker, { type: T }>;
  }

  /**
   * Hands the running bot one event (in order with the others); answers whether it went. A message
   * is `tracker`'s until the bot says its handlers ended (never, if the thread ends first: the next
   * start of `chatbot dev` reads it back).
   */
  deliver(event: GatewayDispatch, tracker?: HandledMessages): boolean {
    if (this.#ended) return false;
    if (tracker && event.name === "MESSAGE_CREATE") {
      this.#handling.set(event.data.id, { message: event.data, tracker });
    }
    this.#thread.postMessage({ type: "event", event } satisfies ToWorker);
    return true;
  }

  /** Stops the bot in it (handlers get their stop timeout), then ends the thread. */
  async retire(): Promise<void> {
    if (!this.#ended) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        this.request({ type: "stop", id: ++ids }).catch(() => undefined),
        new Promise((resolve) => (timer = setTimeout(resolve, RETIRE_MS))),
      ]);
      clearTimeout(timer);
    }
    await this.#thread.terminate();
  }
}

/**
 * Runs one generation of the bot at a time around a connection that outlives them. The code runs
 * in a worker thread; every {@link HostSetup.recycleAfter} builds, the next one goes to a fresh
 * thread (started ahead of time) and the old thread ends, so memory stays bounded however many
 * saves. Gateway events go to the running generation; while another replaces it, the events wait
 * (the gateway client holds its queue while `deliver` is pending) and reach the new one in order,
 * each exactly once.
 */
export class BotHost {
  #thread: CodeThread | null = null;
  #spare: CodeThread | null = null;
  #commandsJson: string | null = null;
  #switching: Promise<void> | null = null;
  readonly #retiring = new Set<Promise<void>>();
  readonly #recycleAfter: number;

  constructor(readonly setup: HostSetup) {
    // A debugger attached to a thread's inspector would lose it with the thread: none is recycled.
    this.#recycleAfter = setup.inspect ? Infinity : (setup.recycleAfter ?? RECYCLE_AFTER);
  }

  /** Whether a generation is running. */
  get running(): boolean {
    return this.#thread !== null;
  }

  /**
   * Hands one gateway event to the running generation, after any switch under way. `tracker` is
   * told when a message's handlers start and end; one no code was running for counts as ended.
   */
  deliver(event: GatewayDispatch, tracker?: HandledMessages): Promise<void> | undefined {
    const message = tracker && event.name === "MESSAGE_CREATE" ? event.data : null;
    if (message) tracker!.began(message);
    const send = () => {
      const went = this.#thread?.deliver(event, tracker) ?? false;
      if (message && !went) tracker!.ended(message);
    };
    if (this.#switching) return this.#switching.then(send);
    send();
    return undefined;
  }

  /**
   * Runs `work` (building, importing and starting new code) while events wait: they reach whatever
   * runs once it is done, the new code if it succeeded, the previous code if not.
   */
  async hold<T>(work: () => Promise<T>): Promise<T> {
    const previous = this.#switching ?? Promise.resolve();
    let done!: () => void;
    const switching = previous.then(() => new Promise<void>((resolve) => (done = resolve)));
    this.#switching = switching;
    await previous;
    try {
      return await work();
    } finally {
      if (this.#switching === switching) this.#switching = null;
      done();
    }
  }

  /**
   * Builds the project and imports its entry from the new build, in the running thread or a fresh
   * one: a new module graph, so new classes and decorator metadata, while bare imports (the
   * framework, tsyringe) stay the thread's. When a file changed while it was built or imported, it
   * builds again: a reload always ends on what is on disk, however close together the saves.
   */
  async load(compiler: BotCompiler, entry: string): Promise<Generation> {
    let generation = await this.#loadBuild(compiler, entry);
    for (let i = 0; i < MAX_REBUILDS && compiler.changedSince().length > 0; i++) {
      generation = await this.#loadBuild(compiler, entry);
    }
    return generation;
  }

  async #loadBuild(compiler: BotCompiler, entry: string): Promise<Generation> {
    const build = await compiler.build();
    const thread = this.#target();
    thread.loads++;
    const id = ++ids;
    const answer = await thread.request<"loaded">({
      type: "load",
      id,
      url: pathToFileURL(compiler.builtPath(build, entry)).href,
      entryName: relative(compiler.root, entry),
      builds: compiler.buildsUrl,
      modules: compiler.modulesOf(build),
      token: this.setup.token,
      baseUrl: this.setup.baseUrl,
      storePath: this.setup.storePath,
    });
    return { intents: answer.intents, build, id, commandsJson: answer.commandsJson, thread };
  }

  /** The thread for the next build: the running one until it has had its builds, then a fresh one. */
  #target(): CodeThread {
    const current = this.#thread;
    if (current && !current.ended && current.loads < this.#recycleAfter) return current;
    if (!this.#spare || this.#spare.ended) this.#spare = this.#spawn();
    return this.#spare;
  }

  #spawn(): CodeThread {
    return new CodeThread(
      this.setup.logger,
      (thread, error) => {
        if (thread !== this.#thread) return;
        this.#thread = null;
        this.setup.onCrash?.(error);
      },
      this.setup.inspect,
    );
  }

  /**
   * Starts `generation` in place of the running one: commands are synced only when their
   * definitions changed (or on the first run), and what happened is answered as a few words. If it
   * cannot start, the running one stays and the error is thrown. Call it inside {@link hold}.
   */
  async replace(generation: Generation): Promise<string> {
    const { thread } = generation;
    const answer = await thread.request<"started">({
      type: "start",
      id: generation.id,
      token: this.setup.token,
      baseUrl: this.setup.baseUrl,
      sync: generation.commandsJson !== this.#commandsJson,
      ready: this.setup.ready(),
      world: this.setup.world(),
    });
    const previous = this.#thread;
    this.#thread = thread;
    if (this.#spare === thread) this.#spare = null;
    this.#commandsJson = generation.commandsJson;
    // The builds of earlier generations are not needed any more (their modules are loaded).
    this.setup.onReplaced?.(generation.build);
    // The old thread's code finishes what it was doing (it gets no new events), then it ends.
    if (previous && previous !== thread) this.#retire(previous);
    // The next thread starts a few builds ahead, so that it is up when a build needs it.
    if (thread.loads >= this.#recycleAfter - SPARE_AHEAD && !this.#spare) this.#spare = this.#spawn();
    return answer.commands;
  }

  #retire(thread: CodeThread): void {
    const retiring = thread.retire().finally(() => this.#retiring.delete(retiring));
    this.#retiring.add(retiring);
  }

  /** Stops the running generation (its handlers get `stopTimeoutMs` to finish) and ends the threads. */
  async stop(): Promise<void> {
    const threads = [this.#thread, this.#spare].filter((t): t is CodeThread => t !== null);
    this.#thread = null;
    this.#spare = null;
    await Promise.all([...threads.map((t) => t.retire()), ...this.#retiring]);
  }
}

/** Where `chatbot dev` keeps its state inside a project. */
export function stateFolder(root: string): string {
  return join(root, ".chatbot");
}
