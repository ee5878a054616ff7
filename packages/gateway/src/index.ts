export {
  type ReconnectOptions,
  reconnectDelay,
  type ResolvedReconnectOptions,
  resolveReconnectOptions,
} from "./backoff.js";
export { TypedEmitter } from "./typed-emitter.js";
export { type ClockTimer, type GatewayClock, realClock } from "./clock.js";
export { type CloseDecision, decideOnClose } from "./close-policy.js";
export { GatewayClient, type GatewayClientState } from "./gateway-client.js";
export type { GatewayClientOptions, GatewayRest } from "./gateway-client-options.js";
export * from "./gateway-error.js";
export type * from "./gateway-events.js";
export type { IdentifyLimit } from "./identify-limiter.js";
export {
  type ChannelHistory,
  type MessageHistory,
  readChannelSince,
  type ReadSinceOptions,
} from "./channel-history.js";
export type {
  ChannelAccess,
  RecoveryBounds,
  RecoveryChannels,
  RecoveryPoint,
  RecoverySkip,
  RecoverySkipReason,
} from "./recovery-types.js";
export { compareIds, previousId } from "./snowflake-order.js";
export type { Listener } from "./typed-emitter.js";
export * from "./world/index.js";
