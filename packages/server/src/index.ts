export { type Clock, ManualClock, RealClock, type Timer } from "./kernel/clock.js";
export { eventsForIntents } from "./gateway/intents-filter.js";
export { DEFAULT_RATE_LIMITS } from "./http/rate-limiter.js";
export type { GatewayLogEntry, HttpLogEntry, RequestLog, RequestLogEntry } from "./http/request-log.js";
export { ID_EPOCH, IdGenerator, snowflakeString } from "./kernel/ids.js";
export type { PostedMessage, ServerObserver, WorldSummary } from "./observe/server-observer.js";
export { loadSeedFile, parseSeed } from "./seed/load-seed.js";
export { SeedError } from "./seed/seed-error.js";
export {
  type HttpTimeouts,
  type RateLimitSettings,
  type RunningServer,
  type SeedWorld,
  type ServerOptions,
  startServer,
  type WorldSource,
} from "./start-server.js";
