import type { KeyedQueue } from "@chatbot/kit";
import type { HandlerDefinition } from "../definitions/listener-definition.js";
import type { AnswerEvent } from "../conversations/conversation-match.js";
import type { Conversations } from "../conversations/conversations.js";
import type { EventRun } from "./event-steps.js";
import type { NamedStep } from "./pipeline.js";

/**
 * Step `conversations`: a message or reaction where a conversation waits is offered to it first,
 * in its server's queue (the one ordered handlers use), so answers are taken in each server's
 * order; the listeners then get it only if the conversation passes it on: the ordered ones
 * (`inOrder`) in that same turn of the queue, the others (`unordered`) beside it, as the `order`
 * step runs them, so a slow listener never holds the server's next answer. Every other event goes
 * on at once, after one lookup in memory, as does one the conversation's record held in memory
 * shows is not its answer while nothing of its server is queued.
 */
export function conversationAnswers(
  conversations: Conversations,
  queue: KeyedQueue<string>,
  inOrder: (handler: HandlerDefinition) => boolean,
  unordered: (run: EventRun) => Promise<void>,
): NamedStep<EventRun> {
  return {
    name: "conversations",
    run: (run, next) => {
      const key = conversations.candidate(run.event);
      if (key === null) return next();
      const event = run.event as AnswerEvent;
      // Nothing of this server waits in its queue, and the conversation's record says at once that
      // this is not its answer: passed on like an event where none waits, without a turn in the queue.
      if (queue.sizeOf(event.data.guild_id) === 0 && conversations.notForIt(event, key)) return next();
      let beside: Promise<void> | undefined;
      const inLane = queue.run(event.data.guild_id, async () => {
        if (!(await conversations.answer(event, key))) return;
        const free = run.handlers.filter((h) => !inOrder(h));
        if (free.length > 0) beside = unordered({ event: run.event, handlers: free });
        run.handlers = run.handlers.filter(inOrder);
        if (run.handlers.length === 0) return;
        // Already in the server's queue: the order step must not queue it a second time.
        run.inLane = true;
        await next();
      });
      return inLane.then(() => beside);
    },
  };
}
