import "reflect-metadata";

export { Bot, type BotState } from "./bot/bot.js";
export type { BotConnection, BotOptions, HandlerFailure, Provider } from "./bot/bot-options.js";
export { createBot } from "./bot/create-bot.js";
export type { RunHook, RunNotice } from "./context/run-notice.js";
export { logGateway } from "./bot/gateway-log.js";
export { CURSOR_KEY_PREFIX, RECOVERY_POINT_KEY, RecoveryKeeper } from "./dispatch/recovery-keeper.js";
export { EXIT_CODES, exitCodeFor, runBot, type RunBotOptions } from "./bot/run-bot.js";
export { startedByNpm, watchParent } from "./bot/parent-watch.js";
export {
  notReadyReason,
  observe,
  type Observed,
  type ObserveOptions,
  type ObserveServer,
} from "./bot/observe.js";
export { TELEMETRY_SCOPE } from "./dispatch/telemetry.js";
export { type BotDefinition, defineBot, intentsOfBot } from "./bot/define-bot.js";
export { type LoadedClasses, loadClasses } from "./bot/load-classes.js";
export {
  CommandContext,
  type InteractionState,
  type OptionValue,
  type ResolvedChannel,
  type ResolvedMember,
} from "./context/command-context.js";
export { ConversationError } from "./conversations/conversation-error.js";
export { conversationIntents } from "./conversations/conversation-needs.js";
export {
  CONVERSATION_KEY_PREFIX,
  CONVERSATION_TIMEOUT_JOB,
  MAX_DATA_BYTES,
} from "./conversations/conversation-record.js";
export type {
  ConversationDefinition,
  ConversationOptions,
  ConversationPlace,
  ConversationStep,
  ConversationView,
  MessageStep,
  ReactionAnswer,
  ReactionStep,
  Say,
  StepHandle,
  StepOutcome,
} from "./conversations/conversation-types.js";
export { Conversations } from "./conversations/conversations.js";
export { Conversation, DEFAULT_TIMEOUT_MS, defineConversation } from "./conversations/define-conversation.js";
export { CooldownHandle } from "./context/cooldown-handle.js";
export { EventContext, type EventPayload } from "./context/event-context.js";
export type { ServiceToken } from "./context/resolve-from.js";
export type { ReplyInput, ReplyOptions } from "./context/reply-input.js";
export { Command, type CommandClass, type CommandOptions, type CommandScope } from "./decorators/command.js";
export { Listener } from "./decorators/listener.js";
export { On, Once, type EventHandlerMethod, type OnOptions } from "./decorators/on.js";
export { OnSchedule } from "./decorators/on-schedule.js";
export {
  type Choice,
  type NumberOptionRules,
  Option,
  type OptionRules,
  type StringOptionRules,
} from "./decorators/option.js";
export { singleton } from "./decorators/singleton.js";
export { UseMiddleware } from "./decorators/use-middleware.js";
export type { CommandDefinition } from "./definitions/command-definition.js";
export type { HandlerDefinition } from "./definitions/listener-definition.js";
export { intentsFor } from "./definitions/intents.js";
export {
  DefinitionError,
  FrameworkError,
  InteractionStateError,
  isFrameworkError,
  MiddlewareError,
} from "./errors.js";
export { type Middleware, runMiddleware } from "./middleware/compose.js";
export { cooldown, type CooldownOptions, type CooldownPer } from "./middleware/cooldown.js";
export {
  type BotPermissionsWhere,
  requireBotPermissions,
  requirePermissions,
} from "./middleware/require-permissions.js";
export { type AnyMiddleware, ignoreBots, onlyChannels, onlyGuilds } from "./middleware/restrictions.js";
export { PinoLogger, type PinoLoggerOptions } from "./pino-logger.js";
export {
  definePlugin,
  Plugin,
  type PluginDefinition,
  type PluginFactory,
  type PluginOptionsSchema,
  type PluginParts,
} from "./plugin/define-plugin.js";
export {
  Clock,
  type ClockTimer,
  ConsoleLogger,
  Logger,
  type LogLevel,
  MemoryLogger,
  SystemClock,
} from "./services.js";
export { MemoryStore } from "./state/memory-store.js";
export {
  type JobInfo,
  MAX_ATTEMPTS,
  type ScheduledJob,
  Scheduler,
  type ScheduleWhen,
} from "./state/scheduler.js";
export { SqliteStore, type SqliteStoreOptions } from "./state/sqlite-store.js";
export {
  checkKey,
  checkPrefix,
  expiryOf,
  type JobQueue,
  type JobRecord,
  listLimit,
  StateError,
  StateStore,
  type StoredEntry,
  type StoredValue,
  toJson,
  toJsonOrNone,
  type WriteOptions,
} from "./state/state-store.js";
export {
  type CommandChange,
  describePlan,
  planChanges,
  type ScopePlan,
  scopeChanges,
  type SyncPlan,
} from "./sync/command-plan.js";
// The SDK and wire types a bot's handlers meet, so a bot imports one package.
export type { Channel, Embed, Interaction, Member, Message, Role, User } from "@chatbot/protocol";
export {
  ChannelView,
  GatewayClient,
  MemberDirectory,
  RoleView,
  ServerMe,
  ServerView,
  type WorldStats,
  WorldView,
  type WorldViewOptions,
} from "@chatbot/gateway";
export { ApiError, Permissions, RestClient, RestError, WebhookClient } from "@chatbot/rest";
// tsyringe's decorators, so that a bot imports them after reflect-metadata is loaded (its
// `@singleton()` is replaced by the framework's own, one instance per bot).
export {
  container,
  type DependencyContainer,
  delay,
  type Disposable,
  inject,
  injectable,
  Lifecycle,
  scoped,
} from "tsyringe";
