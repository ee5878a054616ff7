import type { AuditLogEntry } from "@chatbot/protocol";
import type { AuditLogRecord } from "../world/records.js";

/** The audit log entry object. */
export function serializeAuditLogEntry(entry: AuditLogRecord): AuditLogEntry {
  return {
    id: entry.id,
    guild_id: entry.guild_id,
    action_type: entry.action_type,
    action: entry.action,
    user_id: entry.user_id,
    target_id: entry.target_id,
    reason: entry.reason,
    options: { ...entry.options },
    changes: entry.changes.map((c) => ({ ...c })),
    created_at: entry.created_at,
  };
}
