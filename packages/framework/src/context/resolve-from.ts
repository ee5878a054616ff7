import type { DependencyContainer, InjectionToken } from "tsyringe";
import { FrameworkError } from "../errors.js";

/**
 * What `ctx.resolve()` and `bot.resolve()` take: a token of tsyringe, or an abstract class the bot
 * registers its service under (`StateStore`, `Logger`, `Clock`), which tsyringe's own
 * `InjectionToken` does not accept.
 */
export type ServiceToken<T> = InjectionToken<T> | (abstract new (...args: never[]) => T);

/**
 * Resolves `token` from a context's container (the bot's, or the interaction's scope for a command):
 * what a middleware needs to ask a service. A context made outside a bot has none, and says so.
 */
export function resolveFrom<T>(container: DependencyContainer | null, token: ServiceToken<T>): T {
  if (!container) {
    throw new FrameworkError(
      "no_container",
      "this context was made outside a bot: ctx.resolve() needs the bot that hands it to middleware",
    );
  }
  // An abstract class is a constructor at run time, which is all tsyringe's lookup needs.
  return container.resolve(token as InjectionToken<T>);
}
