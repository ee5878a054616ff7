import "reflect-metadata";
import { META } from "../metadata-keys.js";
import type { Middleware } from "../middleware/compose.js";

/**
 * Runs middleware before a command or an event handler. On a class it applies to its command (or to
 * every `@On` method); on a method, to that method only. Order: the bot's global middleware, then
 * the class's, then the method's.
 *
 * @example
 * @Command({ name: "warn", description: "Warn a member" })
 * @UseMiddleware(requirePermissions("moderate_members"))
 * export class Warn {}
 */
export function UseMiddleware(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a command's or a listener's context
  ...middleware: Middleware<any>[]
): ClassDecorator & MethodDecorator {
  middleware.forEach((m, i) => {
    if (typeof m !== "function")
      throw new TypeError(`@UseMiddleware: argument ${i} must be a middleware function`);
  });
  return (target: object, method?: string | symbol) => {
    const list =
      (Reflect.getOwnMetadata(META.middleware, target, method as string) as unknown[] | undefined) ?? [];
    // Decorators apply bottom-up: put this one's middleware first so source order is run order.
    Reflect.defineMetadata(META.middleware, [...middleware, ...list], target, method as string);
  };
}

/** Middleware declared on `target` (a class), or on `target[method]` (a prototype's method). */
export function middlewareOf<C>(target: object, method?: string | symbol): Middleware<C>[] {
  return (
    (Reflect.getOwnMetadata(META.middleware, target, method as string) as Middleware<C>[] | undefined) ?? []
  );
}
