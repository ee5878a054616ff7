/**
 * Audit log actions: the lower-case name of each supported action and its `action_type` number,
 * the widely used platform's number for the same action (docs/decisions.md#shapes-left-open).
 */
export const AUDIT_LOG_ACTIONS = {
  guild_update: 1,
  channel_create: 10,
  channel_update: 11,
  channel_delete: 12,
  member_kick: 20,
  member_ban_add: 22,
  member_ban_remove: 23,
  /** Nickname or timeout. */
  member_update: 24,
  member_role_update: 25,
  bot_add: 28,
  role_create: 30,
  role_update: 31,
  role_delete: 32,
  webhook_create: 50,
  /** A new URL. */
  webhook_update: 51,
  webhook_delete: 52,
  emoji_create: 60,
  emoji_update: 61,
  emoji_delete: 62,
  message_delete: 72,
  message_bulk_delete: 73,
  message_pin: 74,
  message_unpin: 75,
  /** An app install. */
  integration_create: 80,
  /** An app removal. */
  integration_delete: 82,
  automod_block_message: 143,
} as const;

/** The name of an audit log action (`action`), such as `member_kick`. */
export type AuditLogActionName = keyof typeof AUDIT_LOG_ACTIONS;

/** The number of an audit log action (`action_type`), such as `20`. */
export type AuditLogActionType = (typeof AUDIT_LOG_ACTIONS)[AuditLogActionName];

/** Every action name, in number order. */
export const AUDIT_LOG_ACTION_NAMES = Object.keys(AUDIT_LOG_ACTIONS) as AuditLogActionName[];

/** Every action number, in order. */
export const AUDIT_LOG_ACTION_TYPES = Object.values(AUDIT_LOG_ACTIONS) as AuditLogActionType[];

const NAME_OF_TYPE = new Map<number, AuditLogActionName>(
  AUDIT_LOG_ACTION_NAMES.map((name) => [AUDIT_LOG_ACTIONS[name], name]),
);

/** The name of an action number, or `undefined` for a number the service does not use. */
export function auditLogActionName(type: number): AuditLogActionName | undefined {
  return NAME_OF_TYPE.get(type);
}
