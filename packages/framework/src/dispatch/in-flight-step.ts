import type { InFlight } from "./in-flight.js";
import type { NamedStep } from "./pipeline.js";

/** Step `in-flight`: counts the run as a running handler until the steps after it have ended. */
export function inFlightStep<R>(inFlight: InFlight): NamedStep<R> {
  return {
    name: "in-flight",
    // Chained rather than awaited: the hottest path, so the fewest promises and microtask turns.
    run: (_run, next) => {
      inFlight.began();
      return next().finally(() => inFlight.ended());
    },
  };
}
