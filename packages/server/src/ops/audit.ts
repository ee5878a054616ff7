import type { ServerCore } from "../core/server-core.js";
import type { AuditChange, AuditLogRecord } from "../world/records.js";
import type { Transaction } from "../world/transaction.js";

/** Audit log action types and names (docs/decisions.md#shapes-left-open). */
export const AUDIT_ACTIONS = {
  guild_update: 1,
  channel_create: 10,
  channel_update: 11,
  channel_delete: 12,
  member_kick: 20,
  member_ban_add: 22,
  member_ban_remove: 23,
  member_update: 24,
  member_role_update: 25,
  bot_add: 28,
  role_create: 30,
  role_update: 31,
  role_delete: 32,
  webhook_create: 50,
  webhook_update: 51,
  webhook_delete: 52,
  emoji_create: 60,
  emoji_update: 61,
  emoji_delete: 62,
  message_delete: 72,
  message_bulk_delete: 73,
  message_pin: 74,
  message_unpin: 75,
  integration_create: 80,
  integration_delete: 82,
  automod_block_message: 143,
} as const;

/** An audit log action name. */
export type AuditAction = keyof typeof AUDIT_ACTIONS;

/** What an operation writes to the audit log. */
export interface AuditInput {
  readonly guildId: string;
  readonly action: AuditAction;
  readonly userId: string | null;
  readonly targetId: string | null;
  readonly reason?: string | null | undefined;
  readonly options?: Record<string, unknown>;
  readonly changes?: readonly AuditChange[];
}

/** Writes an audit log entry in the transaction and records its change. */
export function writeAudit(core: ServerCore, tx: Transaction, input: AuditInput): AuditLogRecord {
  const entry: AuditLogRecord = {
    id: core.ids.next(),
    guild_id: input.guildId,
    action_type: AUDIT_ACTIONS[input.action],
    action: input.action,
    user_id: input.userId,
    target_id: input.targetId,
    reason: input.reason ?? null,
    options: input.options ?? {},
    changes: input.changes ?? [],
    created_at: tx.now,
  };
  tx.put("audit_log", entry);
  tx.emit({ type: "GUILD_AUDIT_LOG_ENTRY_CREATE", guildId: input.guildId, entry });
  return entry;
}

/** `changes` entries for the keys whose values differ between two records. */
export function diffChanges<T extends object>(
  before: T,
  after: T,
  keys: readonly (keyof T & string)[],
): AuditChange[] {
  const changes: AuditChange[] = [];
  for (const key of keys) {
    const a = before[key];
    const b = after[key];
    if (JSON.stringify(a) !== JSON.stringify(b)) changes.push({ key, old_value: a, new_value: b });
  }
  return changes;
}
