import type { KeyedQueue } from "@chatbot/kit";
import type { RestClient } from "@chatbot/rest";
import type { DependencyContainer } from "tsyringe";
import type { EventContext } from "../context/event-context.js";
import type { RunHook } from "../context/run-notice.js";
import type { Clock, Logger } from "../services.js";
import type { Scheduler } from "../state/scheduler.js";
import type { StateStore } from "../state/state-store.js";

/** Counts the work under way, so that the bot's `idle()` waits for it. */
export interface WorkInFlight {
  began(): void;
  ended(): void;
}

/** What the conversations use of the bot. */
export interface ConversationDeps {
  readonly store: StateStore;
  readonly scheduler: Scheduler;
  readonly rest: RestClient;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly container: DependencyContainer;
  /** The per-server queue the events are ordered with: answers and timeouts of a server run in it. */
  readonly queue: Pick<KeyedQueue<string>, "run">;
  readonly inFlight: WorkInFlight;
  botUserId(): string;
  /**
   * Whether the message `messageId` of `channelId` is handled for good (no process will hand it to
   * the handlers again): an ended conversation's mark waits for its last answer to be so.
   */
  handled?(channelId: string, messageId: string): boolean;
  /** The bot's `onRun` hook, told of each step's `answer`. */
  readonly onRun?: RunHook;
  /** Reports a step's `answer` that threw (counted, logged, given to `onError`). */
  failed(error: unknown, label: string, ctx: EventContext): Promise<void>;
}
