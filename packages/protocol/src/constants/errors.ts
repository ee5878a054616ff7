/** Codes of REST error bodies (`{ code, message, errors? }`, docs/decisions.md#rest-conventions). */
export const REST_ERROR_CODES = [
  "unauthorized",
  "invalid_body",
  "missing_scope",
  "missing_permission",
  "unknown_guild",
  "unknown_channel",
  "unknown_message",
  "unknown_member",
  "unknown_user",
  "unknown_role",
  "unknown_command",
  "unknown_interaction",
  "unknown_emoji",
  "unknown_application",
  "unknown_webhook",
  "unknown_route",
  "method_not_allowed",
  "not_author",
  "nonce_conflict",
  "interaction_already_handled",
  "rate_limited",
  "payload_too_large",
  "unsupported_media_type",
  "invalid_options",
  "timed_out",
  "automod_blocked",
  "unknown_automod_rule",
  "interaction_not_answered",
  "clock_not_controllable",
  "conflict",
  "internal_error",
  "service_unavailable",
] as const;

/** A REST error code. */
export type RestErrorCode = (typeof REST_ERROR_CODES)[number];

/** Webhook execution error codes ("Webhook execution" table). */
export const WEBHOOK_ERROR_CODES = {
  invalidBody: 50035,
  messageEmpty: 50006,
  automodBlocked: 200000,
  paused: "webhook_paused",
  unknownWebhook: 10015,
  notJson: 50109,
} as const;

/** Why a webhook is paused ("Webhook" states). */
export const WEBHOOK_PAUSED_REASONS = ["maker_left", "maker_cannot_send"] as const;

/** Why a webhook is paused. */
export type WebhookPausedReason = (typeof WEBHOOK_PAUSED_REASONS)[number];

/** What a client should do after a gateway close code. */
export type ReconnectPolicy = "reconnect" | "reconnect_after_pause" | "fix_client" | "never";

/** Gateway close codes with their meaning and reconnect policy ("Gateway close codes"). */
export const GATEWAY_CLOSE_CODES = {
  4000: { name: "unknown_error", reconnect: "reconnect" },
  4001: { name: "unknown_op", reconnect: "fix_client" },
  4002: { name: "invalid_json", reconnect: "fix_client" },
  4003: { name: "identify_timeout", reconnect: "reconnect" },
  4004: { name: "authentication_failed", reconnect: "never" },
  4005: { name: "already_identified", reconnect: "fix_client" },
  4008: { name: "identify_rate_limited", reconnect: "reconnect_after_pause" },
  4009: { name: "session_closed", reconnect: "reconnect" },
  4013: { name: "invalid_intents", reconnect: "fix_client" },
} as const satisfies Record<number, { name: string; reconnect: ReconnectPolicy }>;

/** A gateway close code of the interface. */
export type GatewayCloseCode = keyof typeof GATEWAY_CLOSE_CODES;

/** Named gateway close codes. */
export const CloseCode = {
  UnknownError: 4000,
  UnknownOp: 4001,
  InvalidJson: 4002,
  IdentifyTimeout: 4003,
  AuthenticationFailed: 4004,
  AlreadyIdentified: 4005,
  IdentifyRateLimited: 4008,
  SessionClosed: 4009,
  InvalidIntents: 4013,
} as const satisfies Record<string, GatewayCloseCode>;

/** The reconnect policy of a close code; codes outside the table reconnect like `4000`. */
export function reconnectPolicy(code: number): ReconnectPolicy {
  return (
    (GATEWAY_CLOSE_CODES as Record<number, { reconnect: ReconnectPolicy }>)[code]?.reconnect ?? "reconnect"
  );
}
