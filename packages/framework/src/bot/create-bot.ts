import { Bot } from "./bot.js";
import type { BotOptions } from "./bot-options.js";

/**
 * Makes a bot from its classes. Every class is read and checked at once: a broken rule throws a
 * `DefinitionError` listing each problem with the class and member named. Nothing connects until
 * `start()`.
 *
 * @example
 * const bot = createBot({ token, baseUrl, commands: [Ping], listeners: [Welcome] });
 * await bot.start();
 */
export function createBot(options: BotOptions): Bot {
  return new Bot(options);
}
