import { toMs } from "@chatbot/kit";
import type { CommandContext } from "../context/command-context.js";
import type { EventContext } from "../context/event-context.js";
import { ConversationError } from "./conversation-error.js";
import { CONVERSATIONS } from "./conversation-token.js";
import type {
  ConversationDefinition,
  ConversationOptions,
  ConversationStep,
  Say,
} from "./conversation-types.js";

/** The timeout of a question when none is given: ten minutes. */
export const DEFAULT_TIMEOUT_MS = 600_000;
const NAME = /^[\w.-]{1,64}$/;

/**
 * A conversation's definition, made by {@link defineConversation}: its steps, timeouts and texts.
 * Give it to the bot (`defineBot({ conversations: [setup] })`) and start it from a command or a
 * listener with {@link Conversation.start}.
 */
export class Conversation<
  D = Record<string, unknown>,
  S extends string = string,
> implements ConversationDefinition {
  readonly kind = "conversation";
  readonly name: string;
  readonly first: S;
  readonly timeoutMs: number;
  readonly cancelWords: ReadonlySet<string>;
  readonly whenBusy: "refuse" | "replace";
  readonly listenersSeeAnswers: boolean;
  readonly onTimeout: Say<D>;
  readonly onCancel: Say<D>;
  readonly #steps: ReadonlyMap<string, ConversationStep<D, S>>;
  readonly #stepTimeouts: ReadonlyMap<string, number>;
  /** Each step's `matching`, made once without `g` and `y`, whose `lastIndex` would carry over. */
  readonly #matchers: ReadonlyMap<string, RegExp>;

  constructor(options: ConversationOptions<D, S>) {
    const problems = checkOptions(options as unknown as ConversationOptions<unknown, string>);
    if (problems.length > 0) {
      throw new ConversationError(
        "bad_conversation",
        `defineConversation(${JSON.stringify((options as { name?: unknown } | null)?.name ?? null)}): ${problems.join("; ")}`,
      );
    }
    this.name = options.name;
    this.first = options.first;
    this.timeoutMs = options.timeout === undefined ? DEFAULT_TIMEOUT_MS : toMs(options.timeout, "timeout");
    this.cancelWords = new Set((options.cancelWords ?? ["cancel"]).map((w) => w.trim().toLowerCase()));
    this.whenBusy = options.whenBusy ?? "refuse";
    this.listenersSeeAnswers = options.listenersSeeAnswers === true;
    this.onTimeout = options.onTimeout ?? "No answer in time: this conversation has ended.";
    this.onCancel = options.onCancel ?? "Cancelled.";
    this.#steps = new Map(Object.entries(options.steps) as [string, ConversationStep<D, S>][]);
    const timeouts = new Map<string, number>();
    for (const [name, step] of this.#steps) {
      timeouts.set(
        name,
        step.timeout === undefined ? this.timeoutMs : toMs(step.timeout, `steps.${name}.timeout`),
      );
    }
    this.#stepTimeouts = timeouts;
    const matchers = new Map<string, RegExp>();
    for (const [name, step] of this.#steps) {
      const matching = "matching" in step ? step.matching : undefined;
      if (matching) matchers.set(name, new RegExp(matching.source, matching.flags.replace(/[gy]/g, "")));
    }
    this.#matchers = matchers;
  }

  /** Whether `text` answers step `name` as its `matching` says (true when it has none). */
  matches(name: string, text: string): boolean {
    return this.#matchers.get(name)?.test(text) ?? true;
  }

  /** The step named `name`, or undefined (a name older code used). */
  step(name: string): ConversationStep<D, S> | undefined {
    return this.#steps.get(name);
  }

  /** The steps' names. */
  get stepNames(): string[] {
    return [...this.#steps.keys()];
  }

  /** How long step `name` waits for its answer. */
  timeoutOf(name: string): number {
    return this.#stepTimeouts.get(name) ?? this.timeoutMs;
  }

  /** Whether some step waits for a message (and so needs message events and their text). */
  get readsMessages(): boolean {
    return [...this.#steps.values()].some((s) => s.expect !== "reaction");
  }

  /** Whether some step waits for a reaction. */
  get readsReactions(): boolean {
    return [...this.#steps.values()].some((s) => s.expect === "reaction");
  }

  /**
   * Starts this conversation with the person behind `from` (a command's context, or a listener's
   * for a message) in its channel, keeping `data`, and asks the first question: in a command, as
   * the interaction's answer. Resolves once it waits for the answer (kept in the bot's store), or
   * with false when the person is in another conversation there and `whenBusy` is `"refuse"` (they
   * are told so). The bot must list this conversation in its `conversations`.
   */
  start(from: CommandContext | EventContext, data: D = {} as D): Promise<boolean> {
    return from.resolve(CONVERSATIONS).start(this, from, data);
  }

  /**
   * Ends this conversation with the person behind `from` in its channel (a `/cancel` command),
   * saying `say` (default its `onCancel`); answers whether they were in it.
   */
  cancel(from: CommandContext | EventContext, say?: Say<D>): Promise<boolean> {
    return from.resolve(CONVERSATIONS).cancelFrom(from, this.name, say);
  }
}

/**
 * Defines a conversation: named steps, each a question and what to do with its answer, checkpointed
 * in the bot's store after each answer, with a timeout per question that the scheduler fires. `D`
 * is what it keeps (JSON, at most 4 KB), `S` its steps' names.
 *
 * @example
 * const report = defineConversation<{ what?: string }>({
 *   name: "report",
 *   first: "what",
 *   steps: {
 *     what: { ask: "What happened?", answer: (m, c) => c.end("Thanks, the moderators will look.", { what: m.content }) },
 *   },
 * });
 */
export function defineConversation<D = Record<string, unknown>, S extends string = string>(
  options: ConversationOptions<D, S>,
): Conversation<D, S> {
  return new Conversation(options);
}

function checkOptions(options: ConversationOptions<unknown, string>): string[] {
  const problems: string[] = [];
  if (typeof options !== "object" || options === null) return ["options must be an object"];
  if (typeof options.name !== "string" || !NAME.test(options.name)) {
    problems.push(
      `name must be 1 to 64 letters, digits, "_", "-" or ".", got ${JSON.stringify(options.name)}`,
    );
  }
  const steps = options.steps as Record<string, unknown> | undefined;
  if (typeof steps !== "object" || steps === null || Object.keys(steps).length === 0) {
    problems.push("steps must name at least one step");
    return problems;
  }
  if (typeof options.first !== "string" || !Object.hasOwn(steps, options.first)) {
    problems.push(
      `first must name one of the steps (${Object.keys(steps).join(", ")}), got ${JSON.stringify(options.first)}`,
    );
  }
  for (const [name, raw] of Object.entries(steps)) {
    const step = raw as Partial<ConversationStep<unknown, string>> | null;
    if (!NAME.test(name))
      problems.push(`steps.${name}: a step's name must be 1 to 64 letters, digits, "_", "-" or "."`);
    if (typeof step !== "object" || step === null) {
      problems.push(`steps.${name} must be an object with ask and answer`);
      continue;
    }
    if (typeof step.answer !== "function") problems.push(`steps.${name}.answer must be a function`);
    if (step.ask === undefined)
      problems.push(`steps.${name}.ask must be the question (text, or a function making it)`);
    if (step.expect !== undefined && step.expect !== "message" && step.expect !== "reaction") {
      problems.push(
        `steps.${name}.expect must be "message" or "reaction", got ${JSON.stringify(step.expect)}`,
      );
    }
    if ("matching" in step && step.matching !== undefined && !(step.matching instanceof RegExp)) {
      problems.push(`steps.${name}.matching must be a RegExp`);
    }
  }
  if (options.whenBusy !== undefined && options.whenBusy !== "refuse" && options.whenBusy !== "replace") {
    problems.push(`whenBusy must be "refuse" or "replace", got ${JSON.stringify(options.whenBusy)}`);
  }
  if (
    options.cancelWords !== undefined &&
    (!Array.isArray(options.cancelWords) ||
      options.cancelWords.some((w) => typeof w !== "string" || w.trim() === ""))
  ) {
    problems.push("cancelWords must be a list of non-empty words");
  }
  for (const [field, value] of [["timeout", options.timeout]] as const) {
    if (value === undefined) continue;
    try {
      toMs(value, field);
    } catch (error) {
      problems.push((error as Error).message);
    }
  }
  for (const [name, raw] of Object.entries(steps)) {
    const timeout = (raw as { timeout?: unknown } | null)?.timeout;
    if (timeout === undefined) continue;
    try {
      toMs(timeout as string, `steps.${name}.timeout`);
    } catch (error) {
      problems.push((error as Error).message);
    }
  }
  return problems;
}
