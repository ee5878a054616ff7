import { type GuildCreatePayload, type Intent, intentForEvent } from "@chatbot/protocol";
import type { HandlerDefinition } from "./listener-definition.js";

/**
 * The intents a bot asks for: each handled event's intent, `message_content` when message text is
 * wanted, and any the bot adds itself. Always-sent events (`INTERACTION_CREATE`, `READY`, ...) need
 * none.
 */
export function intentsFor(
  handlers: readonly HandlerDefinition[],
  options: { readonly messageContent?: boolean; readonly intents?: readonly Intent[] },
): Intent[] {
  const intents = new Set<Intent>(options.intents ?? []);
  for (const h of handlers) {
    const intent = intentForEvent(h.event);
    if (intent) intents.add(intent);
  }
  if (options.messageContent) intents.add("message_content");
  return [...intents].sort();
}

/**
 * The handlers that can never fire in a server because its install does not grant their intent,
 * as one warning (or null when every handler can fire everywhere).
 */
export function missingGrantsWarning(
  handlers: readonly HandlerDefinition[],
  guilds: readonly Pick<GuildCreatePayload, "id" | "name" | "intents">[],
): string | null {
  const lines: string[] = [];
  for (const guild of guilds) {
    const granted = new Set<string>(guild.intents);
    const silent = handlers.filter((h) => {
      const intent = intentForEvent(h.event);
      return intent !== null && !granted.has(intent);
    });
    if (silent.length === 0) continue;
    const parts = silent.map((h) => `${h.label} (@On "${h.event}") needs ${intentForEvent(h.event)}`);
    lines.push(`in server "${guild.name}" (${guild.id}) the install does not grant: ${parts.join("; ")}`);
  }
  if (lines.length === 0) return null;
  return `some listeners can never fire: ${lines.join(" | ")}. Ask the server to grant the intent (and privileged access for guild_members).`;
}
