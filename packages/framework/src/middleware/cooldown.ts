import type { CommandContext } from "../context/command-context.js";
import { StateStore } from "../state/state-store.js";
import type { Middleware } from "./compose.js";

/** Whose uses share one cooldown. */
export type CooldownPer = "user" | "channel" | "guild" | "global";

/** Options of {@link cooldown}. */
export interface CooldownOptions {
  /** Whose uses share the wait (default `"user"`). */
  readonly per?: CooldownPer;
  /** How long after a use the next one is refused, in milliseconds. */
  readonly ms: number;
  /** The name uses are counted under (default the command's): the same key, one cooldown. */
  readonly key?: string;
}

/**
 * Refuses a use that comes less than `ms` after the last accepted one of the same person (or
 * channel, server, everyone), answering ephemerally with the time left. The uses are kept in the
 * bot's {@link StateStore} (under `cooldown:<command>:…`, each with `ms` to live), so a cooldown
 * survives a reload and a restart with a durable store, and holds across the processes of a
 * cluster; `key` makes commands share one cooldown. Time is read from the bot's {@link Clock}, so
 * tests move it with the world's clock. A handler that refuses the use itself calls
 * `ctx.cooldown.refund()`, and the use does not count.
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
  if (options.key !== undefined && (typeof options.key !== "string" || options.key === "")) {
    throw new TypeError(`cooldown(): key must be a non-empty string, got ${JSON.stringify(options.key)}`);
  }
  return async function cooldown(ctx, next) {
    const who =
      per === "user"
        ? ctx.user.id
        : per === "channel"
          ? ctx.channelId
          : per === "guild"
            ? ctx.guildId
            : "all";
    const key = `cooldown:${options.key ?? ctx.commandName}:${per}:${who}`;
    const store = ctx.resolve(StateStore);
    const now = ctx.clock.now();
    // Counted only if nobody else counted a use of this key meanwhile (another process, another
    // handler): compare and set, again on a race.
    let previous: number | undefined;
    for (;;) {
      previous = await store.get<number>(key);
      const until = previous === undefined ? -Infinity : previous + options.ms;
      if (now < until) {
        const seconds = Math.ceil((until - now) / 100) / 10;
        await ctx.reply({
          content: `/${ctx.commandName} is cooling down: try again in ${seconds} s.`,
          ephemeral: true,
        });
        return;
      }
      if (await store.compareAndSet(key, previous, now, { ttlMs: options.ms })) break;
    }
    // A handler that refuses the use itself gives it back with ctx.cooldown.refund().
    ctx.cooldown.counts(async () => {
      const left = previous === undefined ? 0 : previous + options.ms - ctx.clock.now();
      await store.compareAndSet(
        key,
        now,
        left > 0 ? previous : undefined,
        left > 0 ? { ttlMs: left } : undefined,
      );
    });
    await next();
  };
}
