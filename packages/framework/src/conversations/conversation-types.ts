import type { Duration } from "@chatbot/kit";
import type { Message } from "@chatbot/protocol";
import type { ServiceToken } from "../context/resolve-from.js";
import type { ReplyInput } from "../context/reply-input.js";

/** Where a conversation happens and with whom: one server, one channel, one person. */
export interface ConversationPlace {
  readonly guildId: string;
  readonly channelId: string;
  readonly userId: string;
}

/** What a reaction step's `answer` gets: the emoji the person added, on which message. */
export interface ReactionAnswer {
  /** The emoji's name (the character itself for a Unicode emoji), or its id for a custom one. */
  readonly emoji: string;
  readonly messageId: string;
  readonly userId: string;
}

/** What a step's `answer` decides; made by the handle's `next`, `again` and `end`. */
export type StepOutcome<S extends string = string, D = unknown> =
  | { readonly kind: "next"; readonly step: S; readonly data: Partial<D> | undefined }
  | { readonly kind: "again"; readonly say: ReplyInput | undefined }
  | { readonly kind: "end"; readonly say: ReplyInput | undefined; readonly data: Partial<D> | undefined };

/** What a question, a timeout or a cancel text is made from: the conversation where it stands. */
export interface ConversationView<D> extends ConversationPlace {
  /** What the conversation keeps so far. */
  readonly data: Readonly<D>;
  /** The step it stands at. */
  readonly step: string;
  /** Answers to this step that were sent back with `again` so far. */
  readonly tries: number;
}

/** What a step's `answer` gets besides the answer: the conversation and the ways on. */
export interface StepHandle<D, S extends string> extends ConversationView<D> {
  /** Goes on to `step`, keeping `data` merged into what is kept (a shallow merge). */
  next(step: S, data?: Partial<D>): StepOutcome<S, D>;
  /** Not an answer this step takes: says `say` (if given) and waits for another. */
  again(say?: ReplyInput): StepOutcome<S, D>;
  /** Ends the conversation, saying `say` (if given). */
  end(say?: ReplyInput, data?: Partial<D>): StepOutcome<S, D>;
  /** A service of the bot's container (`c.resolve(StateStore)`), as a constructor would get it. */
  resolve<T>(token: ServiceToken<T>): T;
}

/** Text, or text made from the conversation where it stands. */
export type Say<D> = ReplyInput | ((c: ConversationView<D>) => ReplyInput);

interface StepBase<D> {
  /** The question, posted when the step begins. */
  readonly ask: Say<D>;
  /** How long this question waits for its answer (default the conversation's `timeout`). */
  readonly timeout?: Duration;
}

/** A step that waits for the person's next message in the channel. */
export interface MessageStep<D, S extends string> extends StepBase<D> {
  readonly expect?: "message";
  /** Only messages whose text matches are answers; the others pass by (to the listeners). */
  readonly matching?: RegExp;
  /** Only a reply to the question is an answer. */
  readonly replyOnly?: boolean;
  /** Takes the answer: `c.next(step, data)`, `c.again(say)` or `c.end(say)`. */
  answer(message: Message, c: StepHandle<D, S>): StepOutcome<S, D> | Promise<StepOutcome<S, D>>;
}

/** A step that waits for the person's reaction on the question. */
export interface ReactionStep<D, S extends string> extends StepBase<D> {
  readonly expect: "reaction";
  /** The emojis the bot adds to the question; a reaction with another one is not an answer. */
  readonly emojis?: readonly string[];
  /** Takes the answer: `c.next(step, data)`, `c.again(say)` or `c.end(say)`. */
  answer(reaction: ReactionAnswer, c: StepHandle<D, S>): StepOutcome<S, D> | Promise<StepOutcome<S, D>>;
}

/** One step: a question and what to do with its answer. */
export type ConversationStep<D, S extends string> = MessageStep<D, S> | ReactionStep<D, S>;

/** Options of {@link defineConversation}. */
export interface ConversationOptions<D, S extends string> {
  /** The name it is kept under: a conversation started by older code goes on if its name and step still exist. */
  readonly name: string;
  /** The step it starts with. */
  readonly first: NoInfer<S>;
  /** The steps by name. */
  readonly steps: { readonly [K in S]: ConversationStep<D, S> };
  /** How long each question waits for its answer (default `"10m"`), on the bot's clock. */
  readonly timeout?: Duration;
  /** Said when a question's time is over (the conversation then ends). */
  readonly onTimeout?: Say<D>;
  /** Words that end it when a whole message says one (default `["cancel"]`; case is ignored). */
  readonly cancelWords?: readonly string[];
  /** Said when the person cancels. */
  readonly onCancel?: Say<D>;
  /**
   * When this conversation starts where the person is already in one (same channel): `"refuse"`
   * (default) tells the person and starts nothing; `"replace"` ends the other one and starts.
   */
  readonly whenBusy?: "refuse" | "replace";
  /** Whether the bot's `@On("MESSAGE_CREATE")` listeners get the answers too (default `false`). */
  readonly listenersSeeAnswers?: boolean;
}

/** A conversation as a bot's `conversations` option lists it: what `defineConversation` makes. */
export interface ConversationDefinition {
  readonly kind: "conversation";
  readonly name: string;
}
