import type { GatewayEventName, Message } from "@chatbot/protocol";
import { EventQueue } from "./event-queue.js";
import type { GatewayClientEvents, LifecycleEvents } from "./gateway-events.js";
import type { UndeliveredMessages } from "./undelivered-messages.js";

type QueueItem = {
  readonly name: keyof GatewayClientEvents;
  readonly data: unknown;
  readonly dispatch: boolean;
};

/** What the queue uses of the client's emitter: its `listenerCount` and its `emitTo`. */
export interface ListenerEmitter {
  listenerCount(event: keyof GatewayClientEvents): number;
  emitTo(
    event: keyof GatewayClientEvents,
    data: never,
    onError: (error: unknown, event: keyof GatewayClientEvents) => void,
  ): Promise<void> | undefined;
}

/**
 * The client's events on their way to the listeners: a bounded {@link EventQueue} of gateway
 * events (past `limit` they are dropped, counted and reported once by an `overflow` event until the
 * queue drains below half) and lifecycle events (always queued), each handed to the named
 * listeners and, for gateway events, to the catch-all `dispatch` ones.
 */
export class ListenerQueue {
  readonly #queue: EventQueue<QueueItem>;
  readonly #limit: number;
  readonly #emitter: ListenerEmitter;
  readonly #undelivered: UndeliveredMessages;
  #dropped = 0;
  #overflowing = false;

  constructor(limit: number, emitter: ListenerEmitter, undelivered: UndeliveredMessages) {
    this.#limit = limit;
    this.#emitter = emitter;
    this.#undelivered = undelivered;
    this.#queue = new EventQueue(limit, (item) => this.#deliver(item));
  }

  /** Events waiting for listeners now. */
  get size(): number {
    return this.#queue.size;
  }

  /** The most events that have waited at once. */
  get peak(): number {
    return this.#queue.peak;
  }

  /** Events dropped because the queue was full. */
  get dropped(): number {
    return this.#dropped;
  }

  /** Resolves once every event queued so far has been handed to the listeners. */
  idle(): Promise<void> {
    return this.#queue.idle();
  }

  /** Queues one event for the listeners; answers whether it was (not dropped by a full queue). */
  push(name: GatewayEventName, data: unknown): boolean {
    if (this.#queue.push({ name, data, dispatch: true }, true)) return true;
    this.#dropped += 1;
    if (this.#overflowing) return false;
    this.#overflowing = true;
    this.lifecycle("overflow", { limit: this.#limit, dropped: this.#dropped });
    return false;
  }

  /** Queues one lifecycle event (never dropped). */
  lifecycle<E extends keyof LifecycleEvents>(name: E, info: LifecycleEvents[E]): void {
    this.#queue.push({ name, data: info, dispatch: false }, false);
  }

  #deliver(item: QueueItem): Promise<void> | undefined {
    if (this.#overflowing && this.#queue.size < this.#limit / 2) this.#overflowing = false;
    const data = item.data as never;
    if (item.name === "MESSAGE_CREATE" && this.#undelivered.size > 0) {
      const message = item.data as Message;
      this.#undelivered.delivered(message.channel_id, message.id);
    }
    const emitter = this.#emitter;
    if (!item.dispatch || emitter.listenerCount("dispatch") === 0)
      return emitter.emitTo(item.name, data, this.reportError);
    const all = emitter.emitTo("dispatch", { name: item.name, data } as never, this.reportError);
    const named = emitter.emitTo(item.name, data, this.reportError);
    return all && named ? Promise.all([all, named]).then(() => undefined) : (all ?? named);
  }

  /** Reports a listener that failed to the `listenerError` listeners, or prints it without any. */
  readonly reportError = (error: unknown, event: keyof GatewayClientEvents): void => {
    if (this.#emitter.listenerCount("listenerError") === 0) {
      console.error(`@chatbot/gateway: a listener of ${event} failed:`, error);
      return;
    }
    void this.#emitter.emitTo("listenerError", { error, event } as never, (inner) =>
      console.error("@chatbot/gateway: a listenerError listener failed:", inner),
    );
  };
}
