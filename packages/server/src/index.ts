export type { AutomodRuleRecord } from "./kernel/world/automod-rule-record.js";
export { KeywordMatcher } from "./features/automod/keyword-matcher.js";
export type {
  ChangeDraft,
  ChangeListener,
  InstallRemoveReason,
  ServerChange,
  ServerChangeBody,
  ServerChangeType,
} from "./kernel/changes/server-change.js";
export * from "./clock.js";
export { type CommandRecord, commandScopeKey } from "./kernel/world/command-record.js";
export { createGatewayBackend } from "./events/gateway-backend-adapter.js";
export { Presence } from "./kernel/presence/presence.js";
export { ServerCore, type ServerCoreOptions } from "./server/server-core.js";
export * from "./kernel/errors/api-error.js";
export * from "./kernel/errors/http-errors.js";
export { createEventGateway, type EventGateway, type EventGatewayOptions } from "./events/index.js";
export * from "./gateway/index.js";
export { FaultRegistry, type PendingFault } from "./http/faults.js";
export { FAULT_STATUSES, type FaultBody, FaultBodySchema } from "./http/faults-schema.js";
export { DEFAULT_RATE_LIMITS } from "./http/rate-limiter.js";
export type {
  GatewayLogEntry,
  HttpLogEntry,
  LoggedApp,
  RequestLog,
  RequestLogEntry,
} from "./http/request-log.js";
export * from "./ids.js";
export {
  INTERACTION_STATES,
  type InteractionNotice,
  type InteractionRecord,
  type InteractionState,
} from "./kernel/world/interaction-record.js";
export {
  InteractionAlreadyHandledError,
  InteractionNotAnsweredError,
} from "./features/interactions/interaction-replies.js";
export { InvalidOptionsError } from "./features/interactions/option-values.js";
export type { Actor, BotActor, PersonActor } from "./kernel/actors/actor.js";
export {
  effectiveIntents as installEffectiveIntents,
  effectiveScopes as installEffectiveScopes,
} from "./kernel/permissions/effective.js";
export { PermissionEngine } from "./kernel/permissions/permission-engine.js";
export { loadSeedFile, parseSeed } from "./seed/load-seed.js";
export { SeedError } from "./seed/seed-error.js";
export { type ParsedSeedWorld, SeedWorldSchema } from "./seed/seed-schema.js";
export { exportWorld } from "./seed/world-export.js";
export { serializeAuditLogEntry } from "./kernel/audit/audit-log-serializer.js";
export { serializeChannel } from "./features/channels/channel-serializer.js";
export { serializeCommand } from "./features/commands/command-serializer.js";
export {
  guildCreatePayload,
  guildSnapshot,
  guildWithAccess,
  serializeGuildListEntry,
} from "./features/guilds/guild-serializer.js";
export { serializeInteraction, serializeInteractionView } from "./features/interactions/interaction-serializer.js";
export { serializeMember } from "./features/members/member-serializer.js";
export { serializeEmbed } from "./features/messages/embed-serializer.js";
export { type MessageViewer, serializeMessage } from "./features/messages/message-serializer.js";
export { serializeCategory, serializeEmoji, serializeRole } from "./features/roles/role-serializer.js";
export { serializeApplication, serializeUser } from "./kernel/actors/user-serializer.js";
export { serializeWebhookInfo, serializeWebhookPostResult, webhookAuthor } from "./features/messages/webhook-post-serializer.js";
export {
  type RateLimitSettings,
  type RunningServer,
  type SeedWorld,
  type ServerOptions,
  startServer,
  type WorldSource,
} from "./start-server.js";
export * from "./features/webhooks/webhook-errors.js";
export type { WebhookRecord } from "./kernel/world/webhook-record.js";
export { type WebhookState, webhookState } from "./features/webhooks/webhook-state.js";
export type * from "./kernel/world/records.js";
