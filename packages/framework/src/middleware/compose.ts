import { MiddlewareError } from "../errors.js";

/**
 * A step before a handler: do something, then `await next()` to go on, or return without calling it
 * to stop (a refusal). Calling `next()` twice throws.
 */
export type Middleware<C> = (ctx: C, next: () => Promise<void>) => unknown;

/**
 * Runs `middleware` in order, then `last`. Each `next()` may be called once; a second call rejects
 * with a {@link MiddlewareError}.
 */
export function runMiddleware<C>(
  middleware: readonly Middleware<C>[],
  ctx: C,
  last: () => Promise<unknown> | unknown,
): Promise<void> {
  const step = async (i: number): Promise<void> => {
    if (i === middleware.length) {
      await last();
      return;
    }
    let called = false;
    await middleware[i]!(ctx, async () => {
      if (called) {
        throw new MiddlewareError(
          "next_called_twice",
          `middleware ${i + 1} (${nameOf(middleware[i]!)}) called next() twice`,
        );
      }
      called = true;
      await step(i + 1);
    });
  };
  return step(0);
}

function nameOf(fn: (...args: never[]) => unknown): string {
  return fn.name || "anonymous";
}
