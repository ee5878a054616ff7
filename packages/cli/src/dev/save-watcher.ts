import { type FSWatcher, watch } from "chokidar";
import type { BotCompiler } from "./compile.js";

/** What the watcher asks of the session: to queue work behind any reload under way, and to reload. */
export interface Reloads {
  /** Runs `task` once every reload queued before it has ended. */
  queue(task: () => Promise<void> | void): void;
  /** Loads what is on disk in place of the running code; takes the files {@link SaveWatcher.take} holds. */
  reload(): Promise<void>;
}

/**
 * How long saves are gathered before one reload takes them all. With 10 ms a save once built twice
 * in the suite (30 ms had hidden it); the likely cause, a save's file events that come after its
 * reload has taken it, no longer builds again: a reload skips files the last build already read
 * unchanged (`BotCompiler.hasBuilt`).
 */
const GATHER_MS = 10;

/** How long after the last raw event of the file system the sources are compared with the build. */
const CHECK_MS = 60;

/**
 * How long at most a reload waits for a saved file that is empty on disk where the last build read
 * some text: a save caught between its truncate and its write (an editor's or a tool's `writeFile`,
 * on a busy machine) would build an empty module, fail to import, and reload again once written.
 * A file really emptied builds after this wait.
 */
const EMPTIED_WAIT_MS = 200;

/**
 * The bot's sources watched for saves: saves are gathered for a moment, then one reload takes them
 * all; another waits for it.
 */
export class SaveWatcher {
  #changed = new Set<string>();
  #watcher: FSWatcher | null = null;
  #timer: NodeJS.Timeout | undefined;
  #checkTimer: NodeJS.Timeout | undefined;

  constructor(
    readonly compiler: BotCompiler,
    readonly reloads: Reloads,
  ) {}

  /** Whether a save has been seen that no reload has taken yet (it is being gathered). */
  get waiting(): boolean {
    return this.#changed.size > 0;
  }

  /** The files saved since the last reload took them (absolute paths); the next reload starts afresh. */
  take(): string[] {
    const files = [...this.#changed];
    this.#changed = new Set();
    return files;
  }

  /** Starts watching; resolves once the watcher has read the folders. */
  async start(): Promise<void> {
    const watcher = watch(this.compiler.sources, {
      ignoreInitial: true,
      ignored: (path) => path.includes(".chatbot"),
    });
    this.#watcher = watcher;
    watcher.on("all", (_event, path) => {
      if (!/\.(ts|mts)$/.test(path)) return;
      this.#changed.add(path);
      clearTimeout(this.#timer);
      this.#timer = setTimeout(() => this.#gathered(GATHER_MS), GATHER_MS);
    });
    // chokidar leaves out a change whose modification time equals the previous one (two saves within
    // the file system's clock tick): on every raw event, the sources on disk are compared with what
    // the running build compiled, and a difference reloads.
    watcher.on("raw", () => {
      clearTimeout(this.#checkTimer);
      this.#checkTimer = setTimeout(() => this.reloads.queue(() => this.#reloadStale()), CHECK_MS);
    });
    await new Promise<void>((resolve) => watcher.once("ready", () => resolve()));
  }

  /** The saves are gathered (`waited` ms since the last event): one reload takes them. */
  #gathered(waited: number): void {
    if (waited < EMPTIED_WAIT_MS && this.compiler.emptied([...this.#changed])) {
      // Its write comes with an event of its own, which gathers again; this is in case none does.
      this.#timer = setTimeout(() => this.#gathered(waited + GATHER_MS), GATHER_MS);
      return;
    }
    this.reloads.queue(() => this.reloads.reload());
  }

  #reloadStale(): Promise<void> | undefined {
    const stale = this.compiler.changedSince().filter((path) => !this.#changed.has(path));
    if (stale.length === 0) return undefined;
    for (const path of stale) this.#changed.add(path);
    clearTimeout(this.#timer);
    return this.reloads.reload();
  }

  /** Stops watching; a reload already asked for still runs. */
  async close(): Promise<void> {
    clearTimeout(this.#timer);
    clearTimeout(this.#checkTimer);
    await this.#watcher?.close();
  }
}
