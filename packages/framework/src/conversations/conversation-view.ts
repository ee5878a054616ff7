import type { DependencyContainer } from "tsyringe";
import { CommandContext } from "../context/command-context.js";
import type { EventContext } from "../context/event-context.js";
import { resolveFrom } from "../context/resolve-from.js";
import { ConversationError } from "./conversation-error.js";
import type { ConversationRecord } from "./conversation-record.js";
import type { ConversationPlace, ConversationView, StepHandle } from "./conversation-types.js";

/** The conversation of `record` at `where`, as its texts and steps see it. */
export function viewOf(record: ConversationRecord, where: ConversationPlace): ConversationView<unknown> {
  return { ...where, data: record.d as object, step: record.s, tries: record.t };
}

/** What a step's `answer` gets: the view, and the ways on. */
export function handleFor(
  view: ConversationView<unknown>,
  container: DependencyContainer,
): StepHandle<unknown, string> {
  return {
    ...view,
    next: (step, data) => ({ kind: "next", step, data }),
    again: (say) => ({ kind: "again", say }),
    end: (say, data) => ({ kind: "end", say, data }),
    resolve: (token) => resolveFrom(container, token),
  };
}

/** The server, channel and person of a command's or a message's context. */
export function placeOf(from: CommandContext | EventContext): ConversationPlace {
  const userId = from instanceof CommandContext ? from.user.id : from.authorId;
  if (!from.guildId || !from.channelId || !userId) {
    throw new ConversationError(
      "not_in_a_server",
      "a conversation starts from a command, or from an event with a server, a channel and a person (a message)",
    );
  }
  return { guildId: from.guildId, channelId: from.channelId, userId };
}
