import type { DependencyContainer, InjectionToken } from "tsyringe";
import { FrameworkError } from "../errors.js";

/**
 * Resolves `token` from a context's container (the bot's, or the interaction's scope for a command):
 * what a middleware needs to ask a service. A context made outside a bot has none, and says so.
 */
export function resolveFrom<T>(container: DependencyContainer | null, token: InjectionToken<T>): T {
  if (!container) {
    throw new FrameworkError(
      "no_container",
      "this context was made outside a bot: ctx.resolve() needs the bot that hands it to middleware",
    );
  }
  return container.resolve(token);
}
