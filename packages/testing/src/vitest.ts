/**
 * Vitest matchers for outcomes of command uses; importing this module registers them with
 * `expect.extend`. The main entry point never imports vitest: the package works under any runner.
 *
 * ```ts
 * import "@chatbot/testing/vitest";
 * expect(await outcome.answered()).toHaveAnswered({ ephemeral: true, content: /rolled/ });
 * ```
 */
import { expect } from "vitest";
import {
  type AnswerExpectation,
  answerMatches,
  describeAnswers,
  describeExpectation,
} from "./answer-expectation.js";
import { Outcome } from "./outcome.js";

export type { AnswerExpectation } from "./answer-expectation.js";

/** What a matcher answers Vitest: whether it passed, and the message either way. */
export interface MatchResult {
  pass: boolean;
  message: () => string;
}

function outcomeOf(received: unknown, matcher: string): Outcome {
  if (received instanceof Outcome) return received;
  throw new TypeError(`${matcher} expects the outcome of person.use(…), got ${typeof received}`);
}

function label(outcome: Outcome): string {
  return `${outcome.command} (used by ${outcome.user})`;
}

/** The matchers, for `expect.extend` by hand. */
export const outcomeMatchers = {
  /** The use is answered and one of its answers meets `expected` (all of it, when given). */
  toHaveAnswered(received: unknown, expected: AnswerExpectation = {}): MatchResult {
    const outcome = outcomeOf(received, "toHaveAnswered");
    const state = outcome.state;
    const pass = state === "answered" && outcome.answers.some((m) => answerMatches(m, expected));
    return {
      pass,
      message: () =>
        pass
          ? `expected ${label(outcome)} not to have ${describeExpectation(expected)}, but it has: ${describeAnswers(outcome)}`
          : `expected ${label(outcome)} to have ${describeExpectation(expected)}, but it is ${state}` +
            `${outcome.notice ? ` (notice ${outcome.notice})` : ""} with ${describeAnswers(outcome)}`,
    };
  },

  /** The use ended without an answer: the app did not respond in time (or was not connected). */
  toBeUnanswered(received: unknown): MatchResult {
    const outcome = outcomeOf(received, "toBeUnanswered");
    const state = outcome.state;
    const pass = state === "unanswered" || state === "not_delivered";
    return {
      pass,
      message: () =>
        pass
          ? `expected ${label(outcome)} to have been answered, but it is ${state} (notice ${outcome.notice})`
          : `expected ${label(outcome)} to be unanswered, but it is ${state} with ${describeAnswers(outcome)}`,
    };
  },
};

expect.extend(outcomeMatchers);

/** The matchers this module adds, in the shape vitest's docs give for custom matchers. */
interface OutcomeMatchers<R = unknown> {
  /** The use is answered, and one answer meets `expected` (content text or pattern, ephemeral, embeds). */
  toHaveAnswered(expected?: AnswerExpectation): R;
  /** The use ended without an answer (`unanswered`, or `not_delivered`). */
  toBeUnanswered(): R;
}

declare module "vitest" {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any, @typescript-eslint/no-empty-object-type -- vitest's own declaration is `Matchers<T = any>`
  interface Matchers<T = any> extends OutcomeMatchers<T> {}
}
