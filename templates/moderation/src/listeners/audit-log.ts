import { type EventPayload, Listener, On } from "@chatbot/framework";
import { ModLog } from "../mod-log.js";

/**
 * Logs what moderators do. Bots cannot ban, kick or time out: people do, and the service tells the
 * bot through the audit log (the `guild_moderation` intent and the View audit log permission).
 */
@Listener()
export class AuditLogWatch {
  constructor(private readonly log: ModLog) {}

  @On("GUILD_AUDIT_LOG_ENTRY_CREATE")
  async entry(entry: EventPayload<"GUILD_AUDIT_LOG_ENTRY_CREATE">) {
    const who = entry.user_id ? `<@${entry.user_id}>` : "someone";
    const whom = entry.target_id ? `<@${entry.target_id}>` : "";
    const why = entry.reason ? `: ${entry.reason}` : "";
    const line = describe(entry.action, who, whom, entry.changes);
    if (line) await this.log.post(entry.guild_id, `${line}${why}`);
  }
}

type Change = EventPayload<"GUILD_AUDIT_LOG_ENTRY_CREATE">["changes"][number];

function describe(action: string, who: string, whom: string, changes: readonly Change[]): string | null {
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
