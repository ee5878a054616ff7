import { type BotDefinition, intentsOfBot } from "@chatbot/framework";

/** The bot's entry did not give a bot definition. */
export class EntryError extends Error {
  readonly code = "bad_entry";
  constructor(message: string) {
    super(message);
    this.name = "EntryError";
  }
}

/**
 * Imports a built entry (`url`) and answers the bot definition it default-exports, with its
 * listeners checked (a broken one is this build's error). `entryName` is how the project names it.
 */
export async function importDefinition(url: string, entryName: string): Promise<BotDefinition> {
  const module = (await import(url)) as { default?: unknown };
  const definition = module.default;
  if (typeof definition !== "object" || definition === null) {
    throw new EntryError(
      `${entryName} must default-export the bot's definition: export default defineBot({ commands: [...], listeners: [...] })`,
    );
  }
  intentsOfBot(definition as BotDefinition);
  return definition as BotDefinition;
}
