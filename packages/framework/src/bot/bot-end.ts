import type { DependencyContainer } from "tsyringe";
import type { Logger } from "../services.js";

/**
 * How a bot ended, for whoever awaits it: nothing while it runs; resolved once stopped by
 * `stop()`, rejected with the gateway's error when a close code that forbids reconnecting ended it.
 */
export class BotEnd {
  #end: { error: Error | null } | null = null;
  #waiters: Array<{ resolve: () => void; reject: (error: Error) => void }> = [];

  /** Resolves or rejects once {@link finish} is called (at once when it was). */
  wait(): Promise<void> {
    const end = this.#end;
    if (end) return end.error ? Promise.reject(end.error) : Promise.resolve();
    return new Promise((resolve, reject) => this.#waiters.push({ resolve, reject }));
  }

  /** The bot ended, by `stop()` (null) or with `error`; only the first call counts. */
  finish(error: Error | null): void {
    if (this.#end) return;
    this.#end = { error };
    for (const waiter of this.#waiters.splice(0)) {
      if (error) waiter.reject(error);
      else waiter.resolve();
    }
  }
}

/**
 * Disposes a bot's containers, its plugins' then its own: tsyringe calls `dispose()` on every
 * instance it made that has one (a `Disposable`), so a service's timers end with the bot, and with
 * its code on a reload. A `dispose()` that throws is logged.
 */
export async function disposeAll(
  plugins: readonly DependencyContainer[],
  container: DependencyContainer,
  logger: Pick<Logger, "error">,
): Promise<void> {
  try {
    for (const plugin of plugins) await plugin.dispose();
    await container.dispose();
  } catch (error) {
    logger.error("a service's dispose() threw", error);
  }
}
