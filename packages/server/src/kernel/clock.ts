import {
  type Clock as KitClock,
  type ClockTimer,
  ManualClock as KitManualClock,
  SystemClock,
} from "@chatbot/kit";

/** A pending deadline; `cancel()` stops it from firing (safe to call twice). */
export type Timer = ClockTimer;

/**
 * The server's one clock. Every deadline of the service (interaction windows, gateway heartbeats,
 * token re-checks, rate-limit windows, timeouts ending, update merging) reads it, so tests can swap
 * in a {@link ManualClock} and move time by hand. The toolkit's clock (`@chatbot/kit`), plus
 * whether it may be moved by hand.
 */
export interface Clock extends KitClock {
  /** Whether `advance` may be called (the dev API's `POST /dev/v1/clock`). */
  readonly controllable: boolean;
}

/** The wall clock, with Node's timers. Timers do not keep the process alive. */
export class RealClock extends SystemClock implements Clock {
  readonly controllable = false;

  constructor() {
    super({ keepAlive: false });
  }
}

/**
 * A clock that only moves when told to. `advance(ms)` fires every deadline that falls inside the
 * step, in time order (ties in the order they were set), with `now()` reading each deadline's own
 * time while it fires; timers set by a firing timer fire too when they fall inside the step.
 */
export class ManualClock extends KitManualClock implements Clock {
  readonly controllable = true;
}
