import type { Intent } from "@chatbot/protocol";
import { readConversations, withConversationIntents } from "../conversations/conversation-needs.js";
import { intentsFor } from "../definitions/intents.js";
import { readListener } from "../definitions/listener-definition.js";
import { DefinitionError } from "../errors.js";
import { mergePlugins } from "./merge-plugins.js";
import type { BotOptions } from "./bot-options.js";

/**
 * What a bot is, apart from where it runs: its classes and settings, without the token and the
 * service's addresses. A bot project's `src/bot.ts` default-exports one; `chatbot dev`, the
 * project's `main.ts` and its tests each add where to connect and call {@link createBot}.
 */
export type BotDefinition = Omit<BotOptions, "token" | "baseUrl" | "gatewayUrl">;

/**
 * Declares a bot's definition with its types checked, for `export default defineBot({ ... })`.
 *
 * @example
 * export default defineBot({ commands: [Ping], listeners: [Welcome] });
 * // elsewhere:
 * await createBot({ ...bot, token, baseUrl }).start();
 */
export function defineBot(definition: BotDefinition): BotDefinition {
  return definition;
}

/**
 * The intents a bot with this definition asks for (its listeners' events, its conversations',
 * `messageContent`, `intents`, and its plugins' likewise), without making the bot: a host needs them
 * before it opens the connection.
 */
export function intentsOfBot(definition: BotDefinition): Intent[] {
  const problems: string[] = [];
  // With its plugins' listeners and intents.
  const { options } = mergePlugins(definition, problems);
  const handlers = (options.listeners ?? []).flatMap((l) => readListener(l, problems));
  if (problems.length > 0) throw new DefinitionError(problems);
  return withConversationIntents(intentsFor(handlers, options), readConversations(definition.conversations));
}
