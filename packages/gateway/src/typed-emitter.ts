/** A listener of one event: may return a promise, which the client waits for before the next event. */
export type Listener<T> = (data: T) => unknown;

/**
 * A typed emitter: `Events` maps each event name to the payload its listeners get. Its `emit`
 * waits for listeners that return a promise. Listeners of one event run in the order they were
 * added.
 */
export class TypedEmitter<Events extends object> {
  readonly #listeners = new Map<keyof Events, Listener<never>[]>();

  /** Adds `listener` for `event`; answers a function that removes it. */
  on<E extends keyof Events>(event: E, listener: Listener<Events[E]>): () => void {
    const list = this.#listeners.get(event) ?? [];
    this.#listeners.set(event, [...list, listener as Listener<never>]);
    return () => this.off(event, listener);
  }

  /** Adds `listener` for the next `event` only. */
  once<E extends keyof Events>(event: E, listener: Listener<Events[E]>): () => void {
    const off = this.on(event, (data) => {
      off();
      return listener(data);
    });
    return off;
  }

  /** Removes `listener` from `event` (nothing happens when it was not added). */
  off<E extends keyof Events>(event: E, listener: Listener<Events[E]>): void {
    const list = this.#listeners.get(event);
    if (!list) return;
    const left = list.filter((l) => l !== listener);
    if (left.length > 0) this.#listeners.set(event, left);
    else this.#listeners.delete(event);
  }

  /** How many listeners `event` has. */
  listenerCount(event: keyof Events): number {
    return this.#listeners.get(event)?.length ?? 0;
  }

  /**
   * Calls every listener of `event` with `data`; answers `undefined` when none returned a promise
   * (the common case, with nothing allocated), or a promise that settles when all of them have. A
   * listener that throws, or whose promise rejects, is reported to `onError` and does not stop the
   * others.
   */
  protected emitTo<E extends keyof Events>(
    event: E,
    data: Events[E],
    onError: (error: unknown, event: E) => void,
  ): Promise<void> | undefined {
    const list = this.#listeners.get(event) as Listener<Events[E]>[] | undefined;
    if (list === undefined) return undefined;
    let pending: Promise<unknown>[] | undefined;
    for (let i = 0; i < list.length; i++) {
      try {
        const result = list[i]!(data);
        if (
          result !== undefined &&
          result !== null &&
          typeof (result as Promise<unknown>).then === "function"
        ) {
          (pending ??= []).push(
            (result as Promise<unknown>).then(undefined, (error) => onError(error, event)),
          );
        }
      } catch (error) {
        onError(error, event);
      }
    }
    return pending ? Promise.all(pending).then(() => undefined) : undefined;
  }
}
