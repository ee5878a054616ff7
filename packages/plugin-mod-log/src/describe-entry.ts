import type { EventPayload } from "@chatbot/framework";

/** One audit log entry, as the `GUILD_AUDIT_LOG_ENTRY_CREATE` event carries it. */
export type AuditLogEntry = EventPayload<"GUILD_AUDIT_LOG_ENTRY_CREATE">;

/**
 * The mod-log line of an audit log entry (bans, lifted bans, kicks, timeouts and their end,
 * deleted messages), with its reason; null for an action the log leaves out.
 */
export function describeEntry(entry: AuditLogEntry): string | null {
  const who = entry.user_id ? `<@${entry.user_id}>` : "someone";
  const whom = entry.target_id ? `<@${entry.target_id}>` : "";
  const why = entry.reason ? `: ${entry.reason}` : "";
  const line = describe(entry.action, who, whom, entry.changes);
  return line === null ? null : `${line}${why}`;
}

function describe(
  action: string,
  who: string,
  whom: string,
  changes: AuditLogEntry["changes"],
): string | null {
  switch (action) {
    case "member_ban_add":
      return `🔨 ${who} banned ${whom}`;
    case "member_ban_remove":
      return `🕊️ ${who} lifted the ban on ${whom}`;
    case "member_kick":
      return `👢 ${who} kicked ${whom}`;
    case "member_update": {
      const timeout = changes.find((c) => c.key === "communication_disabled_until");
      if (!timeout) return null;
      return timeout.new_value
        ? `⏳ ${who} timed out ${whom} until ${new Date(Number(timeout.new_value) || String(timeout.new_value)).toISOString()}`
        : `⌛ ${who} lifted the timeout of ${whom}`;
    }
    case "message_delete":
      return `🗑️ ${who} deleted a message of ${whom}`;
    default:
      return null;
  }
}
