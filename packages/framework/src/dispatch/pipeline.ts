import { MiddlewareError } from "../errors.js";

/**
 * One step of a dispatch pipeline: do something, then `await next()` to hand the run to the steps
 * after it, or return without calling it to end the run there. Code after `await next()` runs once
 * the later steps have ended (a span, a log line, an error reply). Calling `next()` twice throws.
 */
export type Step<R> = (run: R, next: () => Promise<void>) => Promise<void> | void;

/** A {@link Step} with the name the pipeline lists it by. */
export interface NamedStep<R> {
  readonly name: string;
  readonly run: Step<R>;
}

const DONE = Promise.resolve();

/**
 * Steps run in order around one run (a command use, an event's handlers, a job): the framework's
 * dispatch is three of these, so a feature of dispatch (auto-defer, telemetry, logging, ordering)
 * is a step, not an edit of the bot. The first step is called synchronously by {@link run}.
 */
export class Pipeline<R> {
  readonly #steps: readonly NamedStep<R>[];

  constructor(steps: readonly NamedStep<R>[]) {
    this.#steps = steps;
  }

  /** The steps' names, in the order they run. */
  get names(): string[] {
    return this.#steps.map((s) => s.name);
  }

  /** Runs `run` through the steps; rejects with what the first step let through. */
  run(run: R): Promise<void> {
    return this.#from(0, run);
  }

  #from(index: number, run: R): Promise<void> {
    const step = this.#steps[index];
    if (!step) return DONE;
    let called = false;
    const next = (): Promise<void> => {
      if (called) {
        return Promise.reject(
          new MiddlewareError("next_called_twice", `dispatch step "${step.name}" called next() twice`),
        );
      }
      called = true;
      return this.#from(index + 1, run);
    };
    try {
      const ran = step.run(run, next);
      return ran instanceof Promise ? ran : Promise.resolve(ran);
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  }
}

/**
 * A step named `name` that runs the later steps and hands what they threw to `onError`, which may
 * throw it on (the error steps of the three pipelines).
 */
export function catchingStep<R>(
  name: string,
  onError: (run: R, error: unknown) => Promise<void>,
): NamedStep<R> {
  return {
    name,
    // Chained rather than awaited: it wraps every handler run, so the fewest promises and turns.
    run: (run, next) => next().then(undefined, (error: unknown) => onError(run, error)),
  };
}
