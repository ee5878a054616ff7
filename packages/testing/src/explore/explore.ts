import fc from "fast-check";
import { createTestWorld } from "../create-test-world.js";
import { BotErrorsError } from "../errors.js";
import type { TestWorld } from "../test-world.js";
import type { TestWorldOptions } from "../world-description.js";
import { type Action, type ActionWeights, DEFAULT_WEIGHTS, scenarioArbitrary } from "./actions.js";
import { ExplorationFailedError, ScenarioBroke } from "./exploration-error.js";
import type { BotFactory } from "./incarnations.js";
import { BUILT_IN_INVARIANTS, type ExploreView, type Invariant } from "./invariants.js";
import { decodeReplay, encodeReplay } from "./replay-token.js";
import { Scenario, type ScenarioEvent } from "./scenario.js";
import { moveClock, runStep } from "./steps.js";
import { within } from "./within.js";

/** Options of {@link explore}. */
export interface ExploreOptions<S extends object, M = unknown> {
  /** The world each scenario starts in (`createTestWorld`'s description); default people `ada` and `bob`. */
  readonly world?: TestWorldOptions;
  /** Makes the store the bot's processes share in one scenario (`() => new MemoryStore()`). */
  readonly store: () => S;
  /** Makes one process of the bot: `(env) => createBot({ ...definition, ...env })`. */
  readonly bot: BotFactory<S>;
  /** Scenarios to run: default `CHATBOT_EXPLORE_RUNS`, else 20. */
  readonly runs?: number;
  /** The most steps a scenario has (default 20). */
  readonly steps?: number;
  /**
   * fast-check's seed; default `CHATBOT_EXPLORE_SEED` when it is a whole number, else a new one each
   * run (the failure's token replays it).
   */
  readonly seed?: number;
  /** A token printed by a failure: runs exactly that scenario (default `CHATBOT_EXPLORE_REPLAY`). */
  readonly replay?: string;
  /** What people say, besides a few words of every chat: the words the bot listens for (`["+1"]`). */
  readonly words?: readonly string[];
  /** How often each kind of step is drawn; 0 leaves a kind out (`{ crash: 0 }`). */
  readonly weights?: Partial<ActionWeights>;
  /** The author's invariants, by name: each throws or answers a sentence when broken. */
  readonly invariants?: Readonly<Record<string, Invariant<S>>>;
  /**
   * A model of the bot's own state, in the manner of fast-check's model-based tests: `init()` makes
   * it for each scenario, `next(model, event)` moves it by each thing a step did (a person's message,
   * reaction or command use with its outcome, the clock, a crash, a world change or fault), and
   * `check(model, view)`, after every step and at the end, answers a sentence (or throws) where the
   * bot's state (its store, its posts) and the model disagree. Checked as the invariant "the model".
   */
  readonly model?: ExploreModel<M, S>;
  /** Leave out built-in invariants by name (`"the bot's world view equal to the server's"`). */
  readonly skip?: readonly string[];
  /** A handler error the author expects (so not a failure): `(error, where) => boolean`. */
  readonly expectError?: (error: unknown, where: string) => boolean;
  /** Told after each scenario; default a console line every tenth of a run of 50 scenarios or more. */
  readonly onProgress?: (progress: ExploreProgress) => void;
}

/** A model of the bot's own state: see {@link ExploreOptions.model}. */
export interface ExploreModel<M, S extends object = object> {
  init(): M;
  /** The model after `event`; one that changes the model in place may answer nothing. */
  next?(model: M, event: ScenarioEvent): M | void;
  check(model: M, view: ExploreView<S>): void | string | undefined | Promise<void | string | undefined>;
}

/** How far an exploration is. */
export interface ExploreProgress {
  readonly scenarios: number;
  readonly of: number;
  readonly steps: number;
  readonly ms: number;
}

/** What an exploration that found nothing ran. */
export interface ExploreReport {
  readonly scenarios: number;
  readonly steps: number;
  readonly ms: number;
  readonly seed: number;
}

const DEFAULT_RUNS = 20;
const DEFAULT_STEPS = 20;

function defaultRuns(): number {
  const fromEnv = Number(process.env.CHATBOT_EXPLORE_RUNS);
  return Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : DEFAULT_RUNS;
}

/** Records the unhandled rejections of a scenario (an author's `void promise` that failed). */
function watchRejections(): { taken: () => unknown[]; stop: () => void } {
  const seen: unknown[] = [];
  const listener = (reason: unknown) => seen.push(reason);
  process.on("unhandledRejection", listener);
  return { taken: () => seen.splice(0), stop: () => process.off("unhandledRejection", listener) };
}

/**
 * An error of the REST client (it carries the answer's `status`): after a fault, the service
 * failing or holding a call is what the step asked for, and a handler that lets it throw is as the
 * docs say (the framework reports it and answers the use).
 */
function isServiceError(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === "number" && status >= 400;
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Runs generated scenarios against the bot, each in a fresh test world: people use its commands
 * (options drawn from their declared types and limits), speak, react and answer what it asks; the
 * world changes; the clock moves; the service fails (gateway closes, 5xx and 429, latency); the
 * bot's process is killed at a drawn instant and a new one starts on the same store. After every
 * step and at the end, the invariants are checked. Resolves with what ran; rejects with
 * {@link ExplorationFailedError}: the shrunk steps and a token that replays them.
 */
export async function explore<S extends object, M = unknown>(
  options: ExploreOptions<S, M>,
): Promise<ExploreReport> {
  const replayToken = options.replay ?? process.env.CHATBOT_EXPLORE_REPLAY;
  const coordinate = replayToken ? decodeReplay(replayToken) : undefined;
  const weights = coordinate?.weights ?? { ...DEFAULT_WEIGHTS, ...options.weights };
  const maxSteps = coordinate?.steps ?? options.steps ?? DEFAULT_STEPS;
  const runs = options.runs ?? defaultRuns();
  const invariants: [string, Invariant<S>][] = [
    ...Object.entries(BUILT_IN_INVARIANTS).filter(([name]) => !options.skip?.includes(name)),
    ...Object.entries(options.invariants ?? {}),
  ] as [string, Invariant<S>][];
  const progress =
    options.onProgress ??
    (runs >= 50
      ? (p: ExploreProgress) => {
          if (p.scenarios % Math.ceil(p.of / 10) === 0 || p.scenarios === p.of)
            console.log(
              `explore: ${p.scenarios}/${p.of} scenarios, ${p.steps} steps, ${(p.ms / 1000).toFixed(1)} s`,
            );
        }
      : undefined);
  const started = performance.now();
  let scenarios = 0;
  let steps = 0;

  const words = coordinate?.words ?? options.words ?? [];
  let firstFailing: number | undefined;
  const property = fc.asyncProperty(scenarioArbitrary(weights, maxSteps, words), async (actions) => {
    const ran = await runScenario(options, invariants, actions).catch((error: unknown) => {
      firstFailing ??= actions.length;
      throw error;
    });
    steps += ran;
    scenarios++;
    progress?.({ scenarios, of: runs, steps, ms: performance.now() - started });
  });
  const fromEnvSeed = Number(process.env.CHATBOT_EXPLORE_SEED);
  const seed =
    coordinate?.seed ??
    options.seed ??
    (Number.isInteger(fromEnvSeed) ? fromEnvSeed : Math.floor(Math.random() * 2 ** 31));
  const details = await fc.check(property, {
    numRuns: coordinate ? 1 : runs,
    seed,
    ...(coordinate ? { path: coordinate.path, endOnFailure: true } : {}),
  });
  const ms = performance.now() - started;
  if (!details.failed) return { scenarios, steps, ms, seed };
  const broke = details.errorInstance;
  const shrunk = details.counterexample?.[0] ?? [];
  const token = encodeReplay({
    seed: details.seed,
    path: details.counterexamplePath ?? "",
    steps: maxSteps,
    weights,
    words,
  });
  if (!(broke instanceof ScenarioBroke)) {
    throw new ExplorationFailedError(
      "the exploration itself",
      message(broke),
      [],
      shrunk.length,
      shrunk.length,
      token,
      {
        cause: broke,
      },
    );
  }
  const first = firstFailing ?? shrunk.length;
  throw new ExplorationFailedError(broke.invariant, broke.broke, broke.lines, shrunk.length, first, token, {
    cause: broke,
  });
}

/** Runs the scenario `token` stands for: `explore({ ...options, replay: token })`. */
export function replay<S extends object, M = unknown>(
  token: string,
  options: ExploreOptions<S, M>,
): Promise<ExploreReport> {
  return explore({ ...options, replay: token });
}

function describeWorld(world: TestWorldOptions | undefined): TestWorldOptions {
  if (world?.seed !== undefined || world?.people !== undefined) return world ?? {};
  return { ...world, people: ["ada", "bob"] };
}

/** One scenario: a fresh world, the steps, the checks; answers how many steps ran. */
async function runScenario<S extends object, M>(
  options: ExploreOptions<S, M>,
  invariants: readonly [string, Invariant<S>][],
  actions: readonly Action[],
): Promise<number> {
  const world: TestWorld = await createTestWorld(describeWorld(options.world));
  const store = options.store();
  const s = new Scenario<S>(world, store, options.bot);
  const rejections = watchRejections();
  let ran = 0;
  const model = options.model;
  let state = model?.init() as M;
  let fed = 0;
  const check = async (final: boolean) => {
    const errors = world
      .takeBotErrors()
      .filter((e) => !(s.faulted && isServiceError(e.error)) && !options.expectError?.(e.error, e.where));
    if (errors.length > 0) {
      const [first] = errors;
      throw broke(s, "no handler error", `the bot threw in ${first!.where}: ${message(first!.error)}`);
    }
    const [rejection] = rejections.taken();
    if (rejection !== undefined) throw broke(s, "no unhandled rejection", message(rejection));
    const view: ExploreView<S> = {
      world,
      store,
      posts: s.posts,
      uses: s.uses,
      events: s.events,
      runs: s.bots.runs.runs,
      bot: s.bots.current.bot,
      token: s.bots.token,
      step: s.step,
      final,
    };
    for (const [name, invariant] of invariants) {
      let said: string | void | undefined;
      try {
        said = await within(10_000, `the invariant "${name}"`, Promise.resolve(invariant(view)));
      } catch (error) {
        said = message(error);
      }
      if (typeof said === "string") throw broke(s, name, said);
    }
    if (!model) return;
    let said: string | void | undefined;
    try {
      for (const event of s.events.slice(fed)) state = model.next?.(state, event) ?? state;
      fed = s.events.length;
      said = await within(10_000, "the model's check", Promise.resolve(model.check(state, view)));
    } catch (error) {
      said = message(error);
    }
    if (typeof said === "string") throw broke(s, "the model", said);
  };
  const debug = process.env.CHATBOT_EXPLORE_DEBUG;
  let phase = performance.now();
  const took = (what: string) => {
    if (debug) s.lines.push(`  … (${what}: ${Math.round(performance.now() - phase)} ms of real time)`);
    phase = performance.now();
  };
  try {
    await within(15_000, "the scenario's start", s.start());
    took("the world and the bot's start");
    await check(false);
    for (const action of actions) {
      s.step++;
      ran++;
      const began = performance.now();
      await within(
        30_000,
        `the step "${JSON.stringify(action)}"`,
        runStep(s as unknown as Scenario<object>, action),
      );
      await s.settle();
      if (process.env.CHATBOT_EXPLORE_DEBUG)
        s.lines.push(`  … (${Math.round(performance.now() - began)} ms of real time)`);
      await check(false);
    }
    s.step++;
    took("the steps");
    await within(60_000, "the end of the scenario", finish(s));
    took("the end's clock");
    await check(true);
    took("the final checks");
    await s.close();
    took("the bot's stop");
    if (process.env.CHATBOT_EXPLORE_DEBUG)
      console.log(`explore: a scenario passed:\n  ${s.lines.join("\n  ")}`);
    return ran;
  } catch (error) {
    if (error instanceof ScenarioBroke) throw error;
    throw broke(s, "the scenario runs to its end", message(error));
  } finally {
    rejections.stop();
    await s.close().catch(() => {});
    // Errors the bot threw were taken by the checks; a stop that fails after a failure says less.
    await world.close().catch((error: unknown) => {
      if (!(error instanceof BotErrorsError)) console.error("explore: the world did not close", error);
    });
  }
}

/** The end of a scenario: faults cleared, then the clock moved an hour, past every job due in it. */
async function finish<S extends object>(s: Scenario<S>): Promise<void> {
  s.say("at the end: the faults are cleared, and the clock moves an hour, past every job and deadline");
  await s.world.faults.clear();
  await moveClock(s as unknown as Scenario<object>, 3_600_000);
  s.flush();
}

function broke<S extends object>(s: Scenario<S>, invariant: string, what: string): ScenarioBroke {
  s.flush();
  return new ScenarioBroke(invariant, what, [...s.lines], s.step);
}
