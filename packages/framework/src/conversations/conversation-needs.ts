import type { GuildCreatePayload, Intent } from "@chatbot/protocol";
import { DefinitionError } from "../errors.js";
import { Conversation } from "./define-conversation.js";

/**
 * The intents the conversations need: a step that waits for a message needs `guild_messages` and
 * `message_content` (without it a person's text arrives empty unless it mentions the bot); one
 * that waits for a reaction needs `guild_reactions`. The bot asks for them as for its listeners'.
 */
export function conversationIntents(conversations: readonly Conversation[]): Intent[] {
  const intents = new Set<Intent>();
  for (const c of conversations) {
    if (c.readsMessages) intents.add("guild_messages").add("message_content");
    if (c.readsReactions) intents.add("guild_reactions");
  }
  return [...intents];
}

/** Checks a bot's `conversations` option: definitions made by `defineConversation`, each name once. */
export function readConversations(list: readonly unknown[] | undefined): Conversation[] {
  if (list === undefined) return [];
  const problems: string[] = [];
  const seen = new Set<string>();
  if (!Array.isArray(list))
    throw new DefinitionError(["conversations must be a list of defineConversation() results"]);
  list.forEach((c, i) => {
    if (!(c instanceof Conversation)) {
      problems.push(
        `conversations[${i}] must be made by defineConversation(), got ${c === null ? "null" : typeof c}`,
      );
      return;
    }
    if (seen.has(c.name)) problems.push(`conversations: two conversations are named "${c.name}"`);
    seen.add(c.name);
  });
  if (problems.length > 0) throw new DefinitionError(problems);
  return list as Conversation[];
}

/**
 * What the conversations cannot hear in each server because the install does not grant an intent
 * they need, as one warning (or null when every one is granted everywhere).
 */
export function conversationGrantsWarning(
  conversations: readonly Conversation[],
  guilds: readonly Pick<GuildCreatePayload, "id" | "name" | "intents">[],
): string | null {
  const needed = conversationIntents(conversations);
  if (needed.length === 0) return null;
  const lines: string[] = [];
  for (const guild of guilds) {
    const granted = new Set<string>(guild.intents);
    const missing = needed.filter((i) => !granted.has(i));
    if (missing.length === 0) continue;
    const effects = missing.map((i) =>
      i === "message_content"
        ? "message_content (an answer's text arrives empty unless it mentions the bot)"
        : i === "guild_messages"
          ? "guild_messages (no answer by message arrives)"
          : "guild_reactions (no answer by reaction arrives)",
    );
    lines.push(`in server "${guild.name}" (${guild.id}) the install does not grant ${effects.join(", ")}`);
  }
  if (lines.length === 0) return null;
  const names = conversations.map((c) => `"${c.name}"`).join(", ");
  return `conversations ${names} cannot hear every answer: ${lines.join(" | ")}. Ask the server to grant the intent.`;
}

/** The bot's intents with those its conversations need added, sorted. */
export function withConversationIntents(
  intents: readonly Intent[],
  conversations: readonly Conversation[],
): Intent[] {
  return [...new Set([...intents, ...conversationIntents(conversations)])].sort();
}
