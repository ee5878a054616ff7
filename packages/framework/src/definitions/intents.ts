import { type GuildCreatePayload, type Intent, intentForEvent } from "@chatbot/protocol";
import type { HandlerDefinition } from "./listener-definition.js";

/**
 * The intents a bot asks for: `guilds` and `guild_expressions` (the world view follows servers,
 * channels, roles and emojis by their events), each handled event's intent, `message_content` when message text is wanted, and any the
 * bot adds itself. Always-sent events (`INTERACTION_CREATE`, `READY`, ...) need none.
 */
export function intentsFor(
  handlers: readonly HandlerDefinition[],
  options: { readonly messageContent?: boolean; readonly intents?: readonly Intent[] },
): Intent[] {
  const intents = new Set<Intent>(["guilds", "guild_expressions", ...(options.intents ?? [])]);
  for (const h of handlers) {
    const intent = intentForEvent(h.event);
    if (intent) intents.add(intent);
  }
  if (options.messageContent) intents.add("message_content");
  return [...intents].sort();
}

/** Events sent only with moderation access: the intent and View audit log on the bot's role. */
const MODERATION_EVENTS = new Set(["GUILD_BAN_ADD", "GUILD_BAN_REMOVE", "GUILD_AUDIT_LOG_ENTRY_CREATE"]);

/**
 * The handlers that can never fire in a server because its install does not grant their intent,
 * or (moderation events) because the bot's role lacks View audit log, as one warning (or null when
 * every handler can fire everywhere).
 */
export function missingGrantsWarning(
  handlers: readonly HandlerDefinition[],
  guilds: readonly (Pick<GuildCreatePayload, "id" | "name" | "intents"> & {
    readonly me?: { readonly permissions: readonly string[] };
  })[],
): string | null {
  const lines: string[] = [];
  for (const guild of guilds) {
    const granted = new Set<string>(guild.intents);
    const perms = guild.me?.permissions;
    // Moderation events need View audit log (or Administrator) on the bot's role too.
    const seesModeration =
      perms === undefined || perms.includes("view_audit_log") || perms.includes("administrator");
    const parts: string[] = [];
    for (const h of handlers) {
      const intent = intentForEvent(h.event);
      if (intent === null) continue;
      if (!granted.has(intent)) parts.push(`${h.label} (@On "${h.event}") needs ${intent}`);
      else if (intent === "guild_moderation" && MODERATION_EVENTS.has(h.event) && !seesModeration) {
        parts.push(`${h.label} (@On "${h.event}") needs the view_audit_log permission on the bot's role`);
      }
    }
    if (parts.length === 0) continue;
    lines.push(`in server "${guild.name}" (${guild.id}) the install does not grant: ${parts.join("; ")}`);
  }
  if (lines.length === 0) return null;
  return `some listeners can never fire: ${lines.join(" | ")}. Ask the server to grant the intent (and privileged access for guild_members) or the permission.`;
}
