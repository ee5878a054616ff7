import type { InFlight } from "./in-flight.js";
import type { NamedStep } from "./pipeline.js";

/** Step `in-flight`: counts the run as a running handler until the steps after it have ended. */
export function inFlightStep<R>(inFlight: InFlight): NamedStep<R> {
  return {
    name: "in-flight",
    run: async (_run, next) => {
      inFlight.began();
      try {
        await next();
      } finally {
        inFlight.ended();
      }
    },
  };
}
