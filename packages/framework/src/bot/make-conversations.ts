import { type DispatchDeps, handlerFailed } from "../dispatch/dispatch-deps.js";
import type { Scheduler } from "../state/scheduler.js";
import type { StateStore } from "../state/state-store.js";
import { CONVERSATIONS } from "../conversations/conversation-token.js";
import type { ConversationDeps } from "../conversations/conversation-deps.js";
import { Conversations } from "../conversations/conversations.js";
import type { RecoveryKeeper } from "../dispatch/recovery-keeper.js";
import type { Conversation } from "../conversations/define-conversation.js";

/**
 * Makes a bot's {@link Conversations} on its dispatch deps, store, scheduler and per-server queue,
 * and registers it in the bot's container (by its class, and under the token definitions use).
 */
export function makeConversations(
  deps: DispatchDeps,
  state: { readonly store: StateStore; readonly scheduler: Scheduler },
  queue: ConversationDeps["queue"],
  definitions: readonly Conversation[],
  keeper: Pick<RecoveryKeeper, "handled"> | null,
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
      ...(deps.options.onRun && { onRun: deps.options.onRun }),
      ...(keeper && { handled: (channelId: string, id: string) => keeper.handled(channelId, id) }),
      failed: (error, label, ctx) =>
        handlerFailed(deps, error, label, `${label} threw`, { kind: "event", ctx, handler: label }),
    },
    definitions,
  );
  deps.container.registerInstance(Conversations, made);
  deps.container.registerInstance(CONVERSATIONS, made);
  return made;
}
