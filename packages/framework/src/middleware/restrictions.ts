import { CommandContext } from "../context/command-context.js";
import type { EventContext } from "../context/event-context.js";
import type { Middleware } from "./compose.js";

/** A middleware that works for commands and for event handlers alike. */
export type AnyMiddleware = Middleware<CommandContext | EventContext>;

function ids(factory: string, values: readonly string[]): Set<string> {
  if (values.length === 0) throw new TypeError(`${factory}() needs at least one id`);
  values.forEach((id, i) => {
    if (typeof id !== "string" || !/^\d{1,20}$/.test(id)) {
      throw new TypeError(
        `${factory}(): argument ${i} must be an id (a string of digits), got ${JSON.stringify(id)}`,
      );
    }
  });
  return new Set(values);
}

async function refuse(ctx: CommandContext | EventContext, content: string): Promise<void> {
  // A command is answered, so the person is never left without one; an event is just skipped.
  if (ctx instanceof CommandContext) await ctx.reply({ content, ephemeral: true });
}

/**
 * Runs the command or handler only in these servers. A command used elsewhere is answered
 * ephemerally; an event from elsewhere is skipped.
 */
export function onlyGuilds(...guildIds: string[]): AnyMiddleware {
  const allowed = ids("onlyGuilds", guildIds);
  return async function onlyGuilds(ctx, next) {
    if (ctx.guildId !== null && allowed.has(ctx.guildId)) return next();
    await refuse(ctx, "This command is not available in this server.");
  };
}

/** Runs the command or handler only in these channels (a command elsewhere is answered ephemerally). */
export function onlyChannels(...channelIds: string[]): AnyMiddleware {
  const allowed = ids("onlyChannels", channelIds);
  return async function onlyChannels(ctx, next) {
    if (ctx.channelId !== null && allowed.has(ctx.channelId)) return next();
    await refuse(ctx, `This command works only in ${[...allowed].map((id) => `<#${id}>`).join(", ")}.`);
  };
}

/** Skips events caused by bots, this bot included (messages, members, reactions by the bot). */
export function ignoreBots(): Middleware<EventContext> {
  return async function ignoreBots(ctx, next) {
    if (!ctx.fromBot) await next();
  };
}
