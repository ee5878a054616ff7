import type { CommandContext } from "../context/command-context.js";
import type { Middleware } from "./compose.js";

/** Whose uses share one cooldown. */
export type CooldownPer = "user" | "channel" | "guild" | "global";

/** Options of {@link cooldown}. */
export interface CooldownOptions {
  /** Whose uses share the wait (default `"user"`). */
  readonly per?: CooldownPer;
  /** How long after a use the next one is refused, in milliseconds. */
  readonly ms: number;
}

/**
 * Refuses a use that comes less than `ms` after the last accepted one of the same person (or
 * channel, server, everyone), answering ephemerally with the time left. Time is read from the
 * bot's {@link Clock}, so tests move it with the world's clock. A handler that refuses the use
 * itself calls `ctx.cooldown.refund()`, and the use does not count.
 */
export function cooldown(options: CooldownOptions): Middleware<CommandContext> {
  const per = options.per ?? "user";
  if (!["user", "channel", "guild", "global"].includes(per)) {
    throw new TypeError(
      `cooldown(): per must be "user", "channel", "guild" or "global", got ${JSON.stringify(per)}`,
    );
  }
  if (!Number.isFinite(options.ms) || options.ms <= 0) {
    throw new TypeError(`cooldown(): ms must be a number of milliseconds above 0, got ${String(options.ms)}`);
  }
  const last = new Map<string, number>();
  return async function cooldown(ctx, next) {
    const key =
      per === "user" ? ctx.user.id : per === "channel" ? ctx.channelId : per === "guild" ? ctx.guildId : "";
    const now = ctx.clock.now();
    const until = (last.get(key) ?? -Infinity) + options.ms;
    if (now < until) {
      const seconds = Math.ceil((until - now) / 100) / 10;
      await ctx.reply({
        content: `/${ctx.commandName} is cooling down: try again in ${seconds} s.`,
        ephemeral: true,
      });
      return;
    }
    const previous = last.get(key);
    last.set(key, now);
    // A handler that refuses the use itself gives it back with ctx.cooldown.refund().
    ctx.cooldown.counts(() => {
      if (last.get(key) !== now) return;
      if (previous === undefined) last.delete(key);
      else last.set(key, previous);
    });
    // Keep the map small: forget keys whose wait is over.
    if (last.size > 1_000) for (const [k, at] of last) if (at + options.ms <= now) last.delete(k);
    await next();
  };
}
