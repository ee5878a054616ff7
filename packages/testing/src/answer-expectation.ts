import type { Message } from "@chatbot/protocol";
import { Outcome } from "./outcome.js";

/** What an answer should be: its text (exactly, or a pattern), whether it is ephemeral, its embeds. */
export interface AnswerExpectation {
  readonly content?: string | RegExp;
  readonly ephemeral?: boolean;
  /** How many embeds it carries. */
  readonly embeds?: number;
}

/** Whether one answer meets `expected`. */
export function answerMatches(message: Message, expected: AnswerExpectation): boolean {
  const { content, ephemeral, embeds } = expected;
  if (content !== undefined) {
    if (typeof content === "string" ? message.content !== content : !content.test(message.content))
      return false;
  }
  if (ephemeral !== undefined && Outcome.isEphemeral(message) !== ephemeral) return false;
  if (embeds !== undefined && message.embeds.length !== embeds) return false;
  return true;
}

/** One line per answer, as a failure message shows them. */
export function describeAnswers(outcome: Outcome): string {
  const answers = outcome.answers;
  if (answers.length === 0) return "no answer";
  return answers
    .map(
      (m) =>
        `${Outcome.isEphemeral(m) ? "[ephemeral] " : ""}${JSON.stringify(m.content)}${m.embeds.length ? ` (+${m.embeds.length} embed)` : ""}`,
    )
    .join(", ");
}

/** `{ ephemeral: true, content: /x/ }` as text. */
export function describeExpectation(expected: AnswerExpectation): string {
  const parts = Object.entries(expected).map(
    ([key, value]) => `${key}: ${value instanceof RegExp ? String(value) : JSON.stringify(value)}`,
  );
  return parts.length === 0 ? "an answer" : `an answer { ${parts.join(", ")} }`;
}
