export { type ValidationErrors, ValidationError, isValidationError } from "@chatbot/protocol";
export * from "./errors/api-error.js";
export * from "./errors/client-closed-error.js";
export * from "./errors/http-error.js";
export * from "./errors/network-error.js";
export * from "./errors/rate-limit-error.js";
export * from "./errors/rest-error.js";
export * from "./errors/timeout-error.js";
export * from "./permissions.js";
export type * from "./request/request-options.js";
export { REST_DEFAULTS } from "./request/requester-config.js";
export { type RestClock, type RestClockTimer, systemRestClock } from "./request/rest-clock.js";
export type { SharedRateLimits } from "./request/shared-rate-limits.js";
export { RestClient } from "./rest-client.js";
export type { BotRoutes } from "./routes/bot-routes.js";
export type {
  ChannelRoutes,
  CreateMessageInput,
  EditMessageInput,
  MessageListQuery,
} from "./routes/channel-routes.js";
export type { CommandInput, CommandPatchInput, CommandRoutes } from "./routes/command-routes.js";
export type { GuildRoutes, MemberListQuery } from "./routes/guild-routes.js";
export type {
  FollowupMessageInput,
  InteractionCallbackInput,
  InteractionRoutes,
} from "./routes/interaction-routes.js";
export type { MessageList } from "./routes/message-list.js";
export { type EmojiInput, type ReactionRoutes, emojiSegment } from "./routes/reaction-routes.js";
export {
  WebhookClient,
  type WebhookClientOptions,
  type WebhookExecuteInput,
  type WebhookExecuteOptions,
} from "./webhook-client.js";
