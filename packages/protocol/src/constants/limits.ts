/** Every row of the interface's Limits table, as numbers (durations in milliseconds). */
export const LIMITS = {
  commandsPerScope: 100,
  optionsPerCommand: 25,
  choicesPerOption: 25,
  commandNameMin: 1,
  commandNameMax: 32,
  commandDescriptionMin: 1,
  commandDescriptionMax: 100,
  interactionAnswerMs: 3_000,
  interactionFollowupMs: 15 * 60_000,
  callbacksPerInteraction: 1,
  messageContent: 2_000,
  embedsPerMessage: 10,
  embedTitle: 256,
  embedDescription: 4_096,
  embedFields: 25,
  embedFieldName: 256,
  embedFieldValue: 1_024,
  embedFooterText: 2_048,
  embedAuthorName: 256,
  embedTotalCharacters: 6_000,
  nonceMin: 16,
  nonceMax: 64,
  allowedMentionsIds: 100,
  messageListMin: 1,
  messageListMax: 100,
  memberListMin: 1,
  memberListMax: 1_000,
  webhookContent: 2_000,
  webhookEmbeds: 10,
  webhookCards: 5,
  linkCardTitle: 256,
  linkCardDescription: 1_024,
  gatewayIdentifyWindowMs: 10_000,
  gatewayMissedHeartbeatIntervals: 2,
  gatewayTokenRecheckMs: 10_000,
  gatewayReadBacklogBytes: 1024 * 1024,
  gatewayUpdateMergeMs: 300,
  gatewayConnectionsPerBot: 1,
  gatewayIdentifyRateCount: 5,
  gatewayIdentifyRateWindowMs: 5_000,
  reconnectInitialWaitMs: 1_000,
  defaultHeartbeatIntervalMs: 30_000,
} as const;

/** Default rate limits (docs/decisions.md#rest-conventions); the reference server can change them. */
export const RATE_LIMITS = {
  globalPerBot: { limit: 50, windowMs: 1_000 },
  messageCreatePerChannel: { limit: 5, windowMs: 5_000 },
  reactionsPerChannel: { limit: 1, windowMs: 250 },
  webhookExecute: { limit: 5, windowMs: 2_000 },
  commandWritesPerScope: { limit: 200, windowMs: 24 * 60 * 60_000 },
} as const;

/** A rate limit: at most `limit` requests in each window of `windowMs`. */
export interface RateLimitRule {
  readonly limit: number;
  readonly windowMs: number;
}
