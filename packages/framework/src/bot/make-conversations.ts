import { type DispatchDeps, handlerFailed } from "../dispatch/dispatch-deps.js";
import type { Scheduler } from "../state/scheduler.js";
import type { StateStore } from "../state/state-store.js";
import { CONVERSATIONS } from "./conversation-token.js";
import { type ConversationDeps, Conversations } from "./conversations.js";
import type { Conversation } from "./define-conversation.js";

/**
 * Makes a bot's {@link Conversations} on its dispatch deps, store, scheduler and per-server queue,
 * and registers it in the bot's container (by its class, and under the token definitions use).
 */
export function makeConversations(
  deps: DispatchDeps,
  state: { readonly store: StateStore; readonly scheduler: Scheduler },
  queue: ConversationDeps["queue"],
  definitions: readonly Conversation[],
): Conversations {
  const made = new Conversations(
    {
      ...state,
      rest: deps.rest,
      clock: deps.clock,
      logger: deps.logger,
      container: deps.container,
      queue,
      inFlight: deps.inFlight,
      botUserId: deps.botUserId,
      failed: (error, label, ctx) =>
        handlerFailed(deps, error, label, `${label} threw`, { kind: "event", ctx, handler: label }),
    },
    definitions,
  );
  deps.container.registerInstance(Conversations, made);
  deps.container.registerInstance(CONVERSATIONS, made);
  return made;
}
