// @chatbot/kit: the small runtime pieces that every layer of the toolkit shares. It depends on no
// other package of the toolkit, so the protocol, the server, the SDK and the tools can all import it.
export { backoffDelay, type BackoffPolicy } from "./backoff.js";
export { type Clock, type ClockTimer, SystemClock, systemClock, type SystemClockOptions } from "./clock.js";
export { type Duration, DurationError, toMs } from "./duration.js";
export { eachLimited } from "./each-limited.js";
export { KeyedQueue } from "./keyed-queue.js";
export { ManualClock } from "./manual-clock.js";
export { SerialQueue } from "./serial-queue.js";
export { sleep, type SleepOptions } from "./sleep.js";
