import { compareIds, type GatewayDispatch } from "@chatbot/gateway";
import type { Message } from "@chatbot/protocol";
import type { ConversationRecord } from "./conversation-record.js";
import type { ConversationPlace, ConversationStep, ReactionAnswer } from "./conversation-types.js";
import type { Conversation } from "./define-conversation.js";
import type { Clock } from "../services.js";

/** What an event is to a waiting conversation. */
export type Match =
  /** The answer it waits for. */
  | { readonly kind: "answer"; readonly answer: Message | ReactionAnswer; readonly answerId: string | null }
  /** A cancel word. */
  | { readonly kind: "cancel"; readonly answerId: string }
  /** The answer it took already (delivered again after a restart or a move). */
  | { readonly kind: "taken" }
  /** Not for it: a message before its question, one that does not match, another kind. */
  | { readonly kind: "other" };

/** The events a conversation may take as an answer. */
export type AnswerEvent = Extract<GatewayDispatch, { name: "MESSAGE_CREATE" | "MESSAGE_REACTION_ADD" }>;

/** Classifies `event` for the conversation `record` of `definition` at its step `step`. */
export function matchEvent(
  event: AnswerEvent,
  record: ConversationRecord,
  definition: Conversation,
  step: ConversationStep<unknown, string>,
): Match {
  if (event.name === "MESSAGE_CREATE") {
    const message = event.data;
    const order = compareIds(message.id, record.a);
    if (order === 0) return { kind: "taken" };
    if (order < 0) return { kind: "other" };
    if (definition.cancelWords.has(message.content.trim().toLowerCase())) {
      return { kind: "cancel", answerId: message.id };
    }
    if (step.expect === "reaction") return { kind: "other" };
    if (!definition.matches(record.s, message.content)) return { kind: "other" };
    if (step.replyOnly === true && (record.q === null || message.reply_to !== record.q))
      return { kind: "other" };
    return { kind: "answer", answer: message, answerId: message.id };
  }
  if (step.expect !== "reaction") return { kind: "other" };
  const reaction = event.data;
  if (record.q !== null && reaction.message_id !== record.q) return { kind: "other" };
  const emoji = reaction.emoji.id ?? reaction.emoji.name;
  if (step.emojis && !step.emojis.includes(emoji)) return { kind: "other" };
  return {
    kind: "answer",
    answer: { emoji, messageId: reaction.message_id, userId: reaction.user_id },
    answerId: null,
  };
}

/** The server, channel and person of an answer event (a candidate: in a server, not the bot's own). */
export function placeOfEvent(event: AnswerEvent): ConversationPlace {
  if (event.name === "MESSAGE_CREATE") {
    const m = event.data;
    return { guildId: m.guild_id!, channelId: m.channel_id, userId: m.author.id };
  }
  const r = event.data;
  return { guildId: r.guild_id!, channelId: r.channel_id, userId: r.user_id };
}

/** What an event is to a waiting conversation: too late for it, stale, or what its step makes of it. */
export type Judged =
  | { readonly kind: "late" }
  | { readonly kind: "stale"; readonly why: string }
  | {
      readonly kind: Match["kind"];
      readonly match: Match;
      readonly definition: Conversation;
      readonly step: ConversationStep<unknown, string>;
    };

export const LATE: Judged = { kind: "late" };

/**
 * What `event` is to the conversation `record`, decided without waiting: too late (its time was
 * over before the event came), stale (its conversation or step is gone from the code), or what
 * its step makes of it. `Conversations.notForIt` and `Conversations.answer` both go by it.
 */
export function judgeEvent(
  event: AnswerEvent,
  record: ConversationRecord,
  definitions: ReadonlyMap<string, Conversation>,
  clock: Pick<Clock, "now">,
): Judged {
  const at = event.name === "MESSAGE_CREATE" ? event.data.created_at : clock.now();
  if (at > record.u && (event.name !== "MESSAGE_CREATE" || event.data.id !== record.a)) return LATE;
  const definition = definitions.get(record.n);
  const step = definition?.step(record.s);
  if (!definition || !step) {
    const why = definition
      ? `its step "${record.s}" no longer exists`
      : `no conversation named "${record.n}" exists now`;
    return { kind: "stale", why };
  }
  const match = matchEvent(event, record, definition, step);
  return { kind: match.kind, match, definition, step };
}
