import { createTestWorld, type TestWorld, type TestWorldOptions } from "@chatbot/testing";
import { afterEach } from "vitest";
import {
  type Bot,
  type BotOptions,
  CONVERSATION_KEY_PREFIX,
  createBot,
  MemoryLogger,
  type StateStore,
} from "../src/index.js";

const open: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of open.splice(0).reverse()) await close();
});

/** A world (rate limits off unless asked for), closed after the test; handles typed by name. */
export async function world<const O extends TestWorldOptions>(
  options: O,
): ReturnType<typeof createTestWorld<O>> {
  const w = await createTestWorld<O>({ rateLimits: false, ...options });
  open.push(() => w.close());
  return w;
}

/** A bot on the world's app and clock, logging to memory; stopped after the test. */
export function botFor(
  w: TestWorld,
  options: Omit<BotOptions, "token" | "baseUrl"> = {},
): { bot: Bot; logger: MemoryLogger } {
  const logger = new MemoryLogger();
  const bot = createBot({
    token: w.token,
    baseUrl: w.baseUrl,
    clock: w.clock,
    logger,
    ...options,
  });
  open.push(() => bot.stop());
  if (process.env.DEBUG_BOT) logger.log = (level, message) => console.log(level, message);
  return { bot, logger };
}

/** A started bot (commands synced, connected), ready for people to use. */
export async function startedBot(
  w: TestWorld,
  options: Omit<BotOptions, "token" | "baseUrl"> = {},
): Promise<{ bot: Bot; logger: MemoryLogger }> {
  const made = botFor(w, options);
  await made.bot.start();
  return made;
}

/** The logged lines of `logger` as `level message` strings. */
export function lines(logger: MemoryLogger): string[] {
  return logger.lines.map((l) => `${l.level} ${l.message}`);
}

/**
 * The conversation records of `store` that are more than an ended one's mark with nothing left to
 * post: the waiting ones, and ended ones whose outbox is not delivered.
 */
export async function waitingRecords(store: StateStore): Promise<string[]> {
  const entries = await store.list<{ x?: 1; o?: unknown[] }>(CONVERSATION_KEY_PREFIX);
  return entries.filter(({ value }) => value.x !== 1 || (value.o?.length ?? 0) > 0).map((e) => e.key);
}
