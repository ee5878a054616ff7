import { type Clock, type ClockTimer, systemClock } from "@chatbot/kit";

/** A pending timer of a {@link RestClock}. */
export type RestClockTimer = ClockTimer;

/**
 * The time the client's rate-limit waits run on: the buckets' windows, the global limit and the
 * `429` waits. A bot passes its own clock (a test world's, in a test), so those waits follow the
 * same clock as the service's windows and moving it releases them. Retries after network errors,
 * timeouts and `5xx` always wait in real time. The toolkit's one {@link Clock}.
 */
export type RestClock = Clock;

/** The wall clock with Node's timers (`@chatbot/kit`'s system clock). */
export const systemRestClock: RestClock = systemClock;
