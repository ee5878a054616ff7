import { Listener, On } from "@chatbot/framework";
import { type AuditLogEntry, describeEntry } from "./describe-entry.js";
import { ModLog } from "./mod-log.js";

/**
 * Logs what moderators do. Bots cannot ban, kick or time out: people do, and the service tells the
 * bot through the audit log (the `guild_moderation` intent and the View audit log permission).
 */
@Listener()
export class AuditLogWatch {
  constructor(private readonly log: ModLog) {}

  @On("GUILD_AUDIT_LOG_ENTRY_CREATE")
  async entry(entry: AuditLogEntry) {
    const line = describeEntry(entry);
    if (line) await this.log.post(entry.guild_id, line);
  }
}
