import type { DependencyContainer } from "tsyringe";
import { CommandContext } from "../context/command-context.js";
import type { EventContext } from "../context/event-context.js";
import type { ReplyInput } from "../context/reply-input.js";
import { resolveFrom, type ServiceToken } from "../context/resolve-from.js";
import { ConversationError } from "./conversation-error.js";
import type { ConversationRecord } from "./conversation-record.js";
import type { ConversationPlace, ConversationView, StepHandle, StepOutcome } from "./conversation-types.js";

/** The conversation of `record` at `where`, as its texts and steps see it. */
export function viewOf(record: ConversationRecord, where: ConversationPlace): ConversationView<unknown> {
  // A literal, not a spread of `where`: V8 makes it from a template, where a spread followed by
  // more properties cost microseconds per answer.
  return {
    guildId: where.guildId,
    channelId: where.channelId,
    userId: where.userId,
    data: record.d as object,
    step: record.s,
    tries: record.t,
  };
}

/**
 * What a step's `answer` gets: the view, and the ways on. `next`, `again` and `end` use no `this`,
 * so `answer: (m, { next }) => next("roles")` works; `resolve` is the instance's own.
 */
class Handle implements StepHandle<unknown, string> {
  readonly guildId: string;
  readonly channelId: string;
  readonly userId: string;
  readonly data: object;
  readonly step: string;
  readonly tries: number;
  readonly resolve: <T>(token: ServiceToken<T>) => T;

  constructor(record: ConversationRecord, where: ConversationPlace, container: DependencyContainer) {
    this.guildId = where.guildId;
    this.channelId = where.channelId;
    this.userId = where.userId;
    this.data = record.d as object;
    this.step = record.s;
    this.tries = record.t;
    this.resolve = (token) => resolveFrom(container, token);
  }

  next(step: string, data?: Partial<unknown>): StepOutcome {
    return { kind: "next", step, data };
  }

  again(say?: ReplyInput): StepOutcome {
    return { kind: "again", say };
  }

  end(say?: ReplyInput, data?: Partial<unknown>): StepOutcome {
    return { kind: "end", say, data };
  }
}

/** What a step's `answer` gets for the conversation of `record` at `where`. */
export function handleFor(
  record: ConversationRecord,
  where: ConversationPlace,
  container: DependencyContainer,
): StepHandle<unknown, string> {
  return new Handle(record, where, container);
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
