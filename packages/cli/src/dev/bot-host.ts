import { join, relative } from "node:path";
import { pathToFileURL } from "node:url";
import {
  type Bot,
  type BotConnection,
  type BotDefinition,
  createBot,
  describePlan,
  intentsOfBot,
  type Logger,
} from "@chatbot/framework";
import type { GatewayDispatch } from "@chatbot/gateway";
import type { BotCompiler } from "./compile.js";

/** One loaded version of the bot's code: its definition, made from one build. */
export interface Generation {
  readonly definition: BotDefinition;
  /** The build folder it was imported from (`.chatbot/build/<n>`). */
  readonly build?: string;
}

/** The bot's entry did not give a bot definition. */
export class EntryError extends Error {
  readonly code = "bad_entry";
  constructor(message: string) {
    super(message);
    this.name = "EntryError";
  }
}

/** Builds made again at most when files keep changing during the builds (a later save reloads anyway). */
const MAX_REBUILDS = 5;

/**
 * Builds the project and imports its entry from the new build: a new module graph, so new classes
 * and decorator metadata, while bare imports (the framework, tsyringe) stay the same modules. When a
 * file changed while it was built or imported, it builds again: a reload always ends on what is on
 * disk, however close together the saves.
 */
export async function loadGeneration(compiler: BotCompiler, entry: string): Promise<Generation> {
  let generation = await loadBuild(compiler, entry);
  for (let i = 0; i < MAX_REBUILDS && compiler.changedSince().length > 0; i++) {
    generation = await loadBuild(compiler, entry);
  }
  return generation;
}

async function loadBuild(compiler: BotCompiler, entry: string): Promise<Generation> {
  const build = compiler.build();
  const url = pathToFileURL(compiler.builtPath(build, entry)).href;
  const module = (await import(url)) as { default?: unknown };
  const definition = module.default;
  if (typeof definition !== "object" || definition === null) {
    const name = relative(compiler.root, entry);
    throw new EntryError(
      `${name} must default-export the bot's definition: export default defineBot({ commands: [...], listeners: [...] })`,
    );
  }
  const bot = definition as BotDefinition;
  intentsOfBot(bot); // checks the listeners now, so a broken one is reported as this build's error
  return { definition: bot, build };
}

/** What the host needs besides the code: where to connect and how to speak. */
export interface HostSetup {
  readonly token: string;
  readonly baseUrl: string;
  readonly logger: Logger;
  readonly connection: () => BotConnection;
  /** Told the build folder of each generation that took over. */
  readonly onReplaced?: (build: string) => void;
}

/**
 * Runs one generation of the bot at a time around a connection that outlives them. Gateway events
 * go to the running generation; while another replaces it, the events wait (the gateway client
 * holds its queue while `deliver` is pending) and reach the new one in order, each exactly once.
 */
export class BotHost {
  #bot: Bot | null = null;
  #commandsJson: string | null = null;
  #switching: Promise<void> | null = null;

  constructor(readonly setup: HostSetup) {}

  /** The running bot, if any. */
  get bot(): Bot | null {
    return this.#bot;
  }

  /** Hands one gateway event to the running generation, after any switch under way. */
  deliver(event: GatewayDispatch): Promise<void> | undefined {
    if (this.#switching) return this.#switching.then(() => this.#bot?.receive(event));
    this.#bot?.receive(event);
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
   * Makes a bot from `generation` and puts it in place of the running one: commands are synced only
   * when their definitions changed (or on the first run), and what happened is answered as a few
   * words. If the new bot cannot be made or started, the running one stays and the error is thrown.
   * Call it inside {@link hold}.
   */
  async replace(generation: Generation): Promise<string> {
    const next = createBot({
      ...generation.definition,
      token: this.setup.token,
      baseUrl: this.setup.baseUrl,
      logger: this.setup.logger,
      connection: this.setup.connection(),
      sync: false,
    });
    const commandsJson = JSON.stringify(
      [...next.commands.values()].map((c) => ({ body: c.body, guilds: c.options.guilds ?? null })),
    );
    let commands = "commands unchanged";
    if (commandsJson !== this.#commandsJson) {
      const plan = describePlan(await next.sync());
      commands = plan === "commands unchanged" ? plan : `commands synced (${plan})`;
    }
    await next.start();
    const previous = this.#bot;
    this.#bot = next;
    this.#commandsJson = commandsJson;
    // The builds of earlier generations are not needed any more (their modules are loaded).
    if (generation.build !== undefined) this.setup.onReplaced?.(generation.build);
    // The old code finishes what it was doing; it gets no new events.
    if (previous) void previous.stop();
    return commands;
  }

  /** Stops the running generation (its handlers get `stopTimeoutMs` to finish). */
  async stop(): Promise<void> {
    await this.#bot?.stop();
  }
}

/** Where `chatbot dev` keeps its state inside a project. */
export function stateFolder(root: string): string {
  return join(root, ".chatbot");
}
