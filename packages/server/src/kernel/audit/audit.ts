import { AUDIT_LOG_ACTIONS, type AuditLogActionName } from "@chatbot/protocol";
import type { Kernel } from "../kernel.js";
import type { AuditChange, AuditLogRecord } from "../world/records.js";
import type { Transaction } from "../changes/transaction.js";

/** An audit log action name (`AUDIT_LOG_ACTIONS` of the protocol gives its number). */
export type AuditAction = AuditLogActionName;

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
export function writeAudit(core: Kernel, tx: Transaction, input: AuditInput): AuditLogRecord {
  const entry: AuditLogRecord = {
    id: core.ids.next(),
    guild_id: input.guildId,
    action_type: AUDIT_LOG_ACTIONS[input.action],
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
