export type { AutomodRuleRecord } from "./automod/automod-rule-record.js";
export { KeywordMatcher } from "./automod/keyword-matcher.js";
export type {
  ChangeDraft,
  ChangeListener,
  InstallRemoveReason,
  ServerChange,
  ServerChangeBody,
  ServerChangeType,
} from "./changes/server-change.js";
export * from "./clock.js";
export { type CommandRecord, commandScopeKey } from "./commands/command-record.js";
export { createGatewayBackend } from "./core/gateway-backend-adapter.js";
export { Presence } from "./core/presence.js";
export { ServerCore, type ServerCoreOptions } from "./core/server-core.js";
export * from "./errors/api-error.js";
export * from "./errors/http-errors.js";
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
} from "./interactions/interaction-record.js";
export {
  InteractionAlreadyHandledError,
  InteractionNotAnsweredError,
} from "./interactions/interaction-replies.js";
export { InvalidOptionsError } from "./interactions/option-values.js";
export type { Actor, BotActor, PersonActor } from "./ops/actor.js";
export {
  effectiveIntents as installEffectiveIntents,
  effectiveScopes as installEffectiveScopes,
} from "./ops/effective.js";
export { PermissionEngine } from "./permissions/permission-engine.js";
export { loadSeedFile, parseSeed } from "./seed/load-seed.js";
export { SeedError } from "./seed/seed-error.js";
export { type ParsedSeedWorld, SeedWorldSchema } from "./seed/seed-schema.js";
export { exportWorld } from "./seed/world-export.js";
export { serializeAuditLogEntry } from "./serialize/audit-log.js";
export { serializeChannel } from "./serialize/channel.js";
export { serializeCommand } from "./serialize/command.js";
export {
  guildCreatePayload,
  guildSnapshot,
  guildWithAccess,
  serializeGuildListEntry,
} from "./serialize/guild.js";
export { serializeInteraction, serializeInteractionView } from "./serialize/interaction.js";
export { serializeMember } from "./serialize/member.js";
export { serializeEmbed } from "./serialize/embed.js";
export { type MessageViewer, serializeMessage } from "./serialize/message.js";
export { serializeCategory, serializeEmoji, serializeRole } from "./serialize/role.js";
export { serializeApplication, serializeUser } from "./serialize/user.js";
export { serializeWebhookInfo, serializeWebhookPostResult, webhookAuthor } from "./serialize/webhook-post.js";
export {
  type RateLimitSettings,
  type RunningServer,
  type SeedWorld,
  type ServerOptions,
  startServer,
  type WorldSource,
} from "./start-server.js";
export * from "./webhooks/webhook-errors.js";
export type { WebhookRecord } from "./webhooks/webhook-record.js";
export { type WebhookState, webhookState } from "./webhooks/webhook-state.js";
export type * from "./world/records.js";
