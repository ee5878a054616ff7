export type {
  DispatchListener,
  EncodableEvent,
  GatewayConnection,
  GuildUpdateBuilder,
} from "./connection.js";
export { createGateway, GATEWAY_PATH, type Gateway, type GatewayOptions } from "./gateway.js";
export type { GatewayBackend, GatewayIdentity } from "./gateway-backend.js";
export { GuildUpdateMerger } from "./guild-update-merger.js";
export { IDENTIFY_RATE_LIMIT } from "./identify-rate-limit.js";
export { type GatewaySessionInfo, KEPT_SESSIONS_PER_APP } from "./session-log.js";
export { effectiveIntents, eventsForIntents, intentsAllowEvent } from "./intents-filter.js";
