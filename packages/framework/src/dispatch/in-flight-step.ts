import type { InFlight } from "./in-flight.js";
import type { NamedStep } from "./pipeline.js";

/** Step `in-flight`: counts the run as a running handler until the steps after it have ended. */
export function inFlightStep<R>(inFlight: InFlight): NamedStep<R> {
  const ended = () => inFlight.ended();
  return {
    name: "in-flight",
    // Chained rather than awaited: the hottest path, so the fewest promises and microtask turns.
    run: (_run, next) => {
      inFlight.began();
      // Not `finally`: a reaction on the run's own promise ends it first, one promise less per run.
      const running = next();
      running.then(ended, ended);
      return running;
    },
  };
}
