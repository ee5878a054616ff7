import type { ManualClock } from "@chatbot/server";
import type { DevApi } from "../dev-api.js";
import type { BotFailurePlace } from "../diagnostics.js";
import type { TestWorld } from "../test-world.js";
import { StoreGate } from "./severable-store.js";
import { RunLog, type RunNotice } from "./runs.js";
import { within } from "./within.js";

/**
 * What `explore` hands the bot's factory: spread it into `createBot` (`createBot({ ...definition,
 * ...env })`). `store` is the shared store seen through this incarnation's gate; `incarnation` counts
 * from 1, one more after each crash.
 */
export interface BotEnv<S extends object> {
  readonly token: string;
  readonly baseUrl: string;
  readonly gatewayUrl: string;
  readonly store: S;
  readonly clock: ManualClock;
  /** The world's error hook; errors of a crashed incarnation are dropped. */
  readonly onError: (error: unknown, where?: BotFailurePlace) => void;
  readonly logger: "silent";
  /**
   * Reconnects in milliseconds of real time, so a closed gateway costs a step little; the client's
   * own identify limit lifted, since `explore` keeps within the service's (5 in 5 s of its clock),
   * and its wait after a `4008` (identified too often) 100 ms of real time, while `explore` moves
   * the world's clock past the service's window.
   */
  readonly gateway: {
    readonly reconnect: { readonly initialDelayMs: number; readonly maxDelayMs: number };
    readonly identifyLimit: { readonly limit: number; readonly windowMs: number };
  };
  readonly incarnation: number;
  /**
   * The framework's `onRun` hook: tells `explore` which handlers ran on which message or job, so
   * that it checks nothing finished runs again.
   */
  readonly onRun: (notice: RunNotice) => void;
}

/**
 * A running bot as `explore` drives it. A framework `Bot` is one; `idle()` (the bot has done all it
 * does before waiting on the clock) and `gateway.sequence` (the last event it read) let each step
 * wait for the bot instead of sleeping, and `world` (its world view) is compared with the server's.
 */
export interface ExploredBot {
  start(): Promise<void>;
  stop(): Promise<void>;
  idle?(): Promise<void>;
  readonly gateway?: { readonly sequence: number | null };
  readonly world?: unknown;
}

/** Makes one incarnation of the bot on the store it is given. */
export type BotFactory<S extends object> = (env: BotEnv<S>) => ExploredBot | Promise<ExploredBot>;

/** One process of the bot: its gate on the store, and whether it was killed. */
interface Incarnation {
  readonly n: number;
  readonly gate: StoreGate;
  readonly bot: ExploredBot;
  /** Resolves when the incarnation is killed: waits on it stop waiting then. */
  readonly killed: Promise<void>;
}

/**
 * The bot's successive processes over one store: the first starts at once; a crash severs the
 * store of the running one (every call of it never settles from then on), resets the app's token
 * (its REST calls answer 401 from then on) and closes its gateway, then starts the next on the
 * same store with the new token. Nothing of a killed incarnation is stopped: it is dropped, as a
 * process under `kill -9` is.
 */
export class Incarnations<S extends object> {
  #current: Incarnation | undefined;
  #token: string;
  /** Lines for the scenario's trace, said when a trap fires. */
  readonly said: string[] = [];
  /** What the processes' handlers ran. */
  readonly runs = new RunLog();
  /** The scenario's step now, for the runs' log. */
  stepNow: () => number = () => 0;

  constructor(
    private readonly world: TestWorld,
    private readonly dev: DevApi,
    private readonly inner: S,
    private readonly factory: BotFactory<S>,
  ) {
    this.#token = world.token;
  }

  get current(): Incarnation {
    if (!this.#current) throw new Error("explore: no bot is running");
    return this.#current;
  }

  get count(): number {
    return this.#current?.n ?? 0;
  }

  /** Whether the running incarnation has been severed and waits to be replaced. */
  get crashed(): boolean {
    return this.#current?.gate.severed ?? false;
  }

  /** Starts the next incarnation, with the current token. */
  async start(): Promise<void> {
    const n = this.count + 1;
    let kill!: () => void;
    const killed = new Promise<void>((resolve) => (kill = resolve));
    const gate = new StoreGate((why) => {
      if (why.startsWith("(not)")) return void this.said.push(why.slice(8));
      if (why !== "now") this.said.push(`the bot crashes ${why}`);
      kill();
    });
    const onError = (error: unknown, where?: BotFailurePlace) => {
      if (!gate.severed) this.world.onBotError(error, where);
    };
    const bot = await this.factory({
      token: this.#token,
      baseUrl: this.world.baseUrl,
      gatewayUrl: this.world.gatewayUrl,
      store: gate.wrap(this.inner),
      clock: this.world.clock,
      onError,
      logger: "silent",
      gateway: {
        reconnect: { initialDelayMs: 5, maxDelayMs: 50 },
        identifyLimit: { limit: 1_000, windowMs: 100 },
      },
      incarnation: n,
      onRun: this.runs.hook(
        n,
        () => this.stepNow(),
        () => gate.severed,
      ),
    });
    this.#current = { n, gate, bot, killed };
    const started = bot.start();
    // A start that waits on the world's clock (a latency fault held its first call) sees the clock
    // move, as real time passes while a process starts: a quarter second every 50 ms after 200 ms.
    let done = false;
    const ended = started.then(
      () => (done = true),
      () => (done = true),
    );
    const ticking = (async () => {
      // A start that ends sooner (nearly all do, in a few milliseconds) is not held to the 200 ms.
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([ended, new Promise((resolve) => (timer = setTimeout(resolve, 200)))]);
      clearTimeout(timer);
      while (!done) {
        await this.world.clock.advance(250);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    try {
      await within(10_000, `the bot's start (its ${ordinal(n)} process)`, started);
    } finally {
      done = true;
      await ticking;
    }
  }

  /** Kills the running incarnation now (if a trap did not already) and starts the next. */
  async crashAndRestart(): Promise<void> {
    const { gate } = this.current;
    if (!gate.severed) gate.sever("now");
    this.runs.crashed();
    this.#token = (await this.dev.call("resetAppToken", { params: { app_id: this.world.app.id } })).token;
    await this.world.faults.closeGateway(4004, "the process was killed");
    await this.start();
    this.said.push(`a new bot (${ordinal(this.count)} process) starts on the same store`);
  }

  /** The token the running incarnation has. */
  get token(): string {
    return this.#token;
  }

  /** Stops the running incarnation (the end of a scenario), unless it was killed. */
  async stop(): Promise<void> {
    const current = this.#current;
    // A trap that has not fired by the end stays unfired: the end of a scenario is no crash.
    current?.gate.disarm();
    if (current && !current.gate.severed) await within(10_000, "the bot's stop", current.bot.stop());
  }
}

/** 1st, 2nd, 3rd, 4th… */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${["th", "st", "nd", "rd"][n % 10] ?? "th"}`;
}
