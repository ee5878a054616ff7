import type { KeyedQueue } from "@chatbot/kit";
import type { RestClient } from "@chatbot/rest";
import type { DependencyContainer } from "tsyringe";
import { CommandContext } from "../context/command-context.js";
import { EventContext } from "../context/event-context.js";
import type { ReplyInput } from "../context/reply-input.js";
import type { InFlight } from "../dispatch/in-flight.js";
import type { Clock, Logger } from "../services.js";
import type { JobInfo, Scheduler } from "../state/scheduler.js";
import type { StateStore } from "../state/state-store.js";
import { ConversationBook } from "./conversation-book.js";
import { ConversationError } from "./conversation-error.js";
import { type AnswerEvent, type Judged, judgeEvent, LATE, placeOfEvent } from "./conversation-match.js";
import { postFirst, postInChannel, sayFor } from "./conversation-posts.js";
import {
  checkData,
  type ConversationRecord,
  conversationKey,
  keyOf,
  placeOfKey,
  type TimeoutPayload,
} from "./conversation-record.js";
import type { ConversationStarter } from "./conversation-token.js";
import type {
  ConversationPlace,
  ConversationView,
  Say,
  StepHandle,
  StepOutcome,
} from "./conversation-types.js";
import { handleFor, placeOf, viewOf } from "./conversation-view.js";
import type { Conversation } from "./define-conversation.js";

/** What the conversations use of the bot. */
export interface ConversationDeps {
  readonly store: StateStore;
  readonly scheduler: Scheduler;
  readonly rest: RestClient;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly container: DependencyContainer;
  /** The per-server queue the events are ordered with: answers and timeouts of a server run in it. */
  readonly queue: Pick<KeyedQueue<string>, "run">;
  readonly inFlight: InFlight;
  botUserId(): string;
  /** Reports a step's `answer` that threw (counted, logged, given to `onError`). */
  failed(error: unknown, label: string, ctx: EventContext): Promise<void>;
}

/** How a conversation ended. */
type Ending = "done" | "timeout" | "cancel" | "stale";

const isThenable = <T>(value: T | PromiseLike<T>): value is PromiseLike<T> =>
  typeof (value as { then?: unknown } | null)?.then === "function";

/**
 * The bot's conversations: each waiting one is a record in the bot's store (one per server,
 * channel and person) with a timeout job in its scheduler. Answers reach them through the event
 * pipeline in each server's order; every change is a compare-and-set on the record, so one answer
 * moves one conversation once, on one process or many. Injectable by this class (`bot.conversations`).
 */
export class Conversations implements ConversationStarter {
  readonly #d: ConversationDeps;
  readonly #definitions: ReadonlyMap<string, Conversation>;
  readonly #book: ConversationBook;
  /**
   * The last judgement {@link notForIt} made that was not "other", with its event and record:
   * {@link answer} takes it instead of judging again when it gets that event on that record.
   */
  #judgedEvent: AnswerEvent | null = null;
  #judgedRecord: ConversationRecord | null = null;
  #judged: Judged = LATE;

  constructor(deps: ConversationDeps, definitions: readonly Conversation[]) {
    this.#d = deps;
    this.#definitions = new Map(definitions.map((c) => [c.name, c]));
    this.#book = new ConversationBook(deps.store, deps.scheduler, () => deps.clock.now(), deps.logger);
  }

  /** The conversations the bot knows, by name. */
  get definitions(): ReadonlyMap<string, Conversation> {
    return this.#definitions;
  }

  /** How many conversations wait, as this process's index knows (a shared store is not indexed). */
  get waiting(): number {
    return this.#book.size;
  }

  /** Before the first event: reads which places have a conversation waiting. */
  load(): Promise<void> {
    return this.#book.load();
  }

  /**
   * The store key of the place where `event` may answer a conversation
   * (`chatbot:conversation:<guild>:<channel>:<person>`), or null when none waits there: one lookup
   * in memory (with a shared store, every person's message is one).
   */
  candidate(event: { readonly name: string; readonly data: unknown }): string | null {
    let key: string;
    if (event.name === "MESSAGE_CREATE") {
      const m = event.data as AnswerEvent["data"] & { author: { id: string; bot?: boolean } };
      if (m.author.bot === true) return null;
      key = keyOf(m.guild_id!, m.channel_id, m.author.id);
    } else if (event.name === "MESSAGE_REACTION_ADD") {
      const r = event.data as { guild_id: string; channel_id: string; user_id: string };
      if (r.user_id === this.#d.botUserId()) return null;
      key = keyOf(r.guild_id, r.channel_id, r.user_id);
    } else return null;
    if (this.#book.shared && this.#definitions.size === 0) return null;
    return this.#book.mayWait(key) ? key : null;
  }

  /**
   * Whether `event` is, without a doubt, not for the conversation waiting under `key` (a
   * {@link candidate}): its record is held in memory, its time is not over, and the event does not
   * answer it (a message before its question, one its step's `matching` refuses, another kind).
   * Decided without waiting, so the caller may pass the event on without queueing it; only when
   * nothing of that server is queued, since an answer still queued could move the conversation.
   */
  notForIt(event: AnswerEvent, key: string): boolean {
    const record = this.#book.held(key);
    if (record === undefined) return false;
    const judged = judgeEvent(event, record, this.#definitions, this.#d.clock);
    if (judged.kind === "other") return true;
    // Queued next: answer() finds this judgement unless the record moved meanwhile.
    this.#judgedEvent = event;
    this.#judgedRecord = record;
    this.#judged = judged;
    return false;
  }

  /**
   * Offers `event` to the conversation waiting under `key` (a {@link candidate}); resolves with
   * whether the listeners get the event too.
   */
  async answer(event: AnswerEvent, key: string): Promise<boolean> {
    try {
      return await this.#answer(event, key);
    } catch (error) {
      // The store or the service refused (a full disk, Redis gone, a post refused). A write the
      // store refused left the record as it was, so the next answer is taken; the error is
      // reported as a handler's (logged, counted, given to onError), never left unhandled.
      const ctx = new EventContext(event.name, event.data, this.#d.botUserId(), this.#d.container);
      await this.#d.failed(error, `conversation at ${key}`, ctx);
      return false;
    }
  }

  async #answer(event: AnswerEvent, key: string): Promise<boolean> {
    const record = this.#book.held(key) ?? (await this.#book.read(key));
    if (!record) return true;
    const where = placeOfEvent(event);
    const judged =
      event === this.#judgedEvent && record === this.#judgedRecord
        ? this.#judged
        : judgeEvent(event, record, this.#definitions, this.#d.clock);
    this.#judgedEvent = this.#judgedRecord = null;
    if (judged.kind === "late") {
      // Its time was over before this came (the bot was down when it was due): it ends now.
      await this.#end(key, record, where, "timeout");
      return true;
    }
    if (judged.kind === "stale") {
      await this.#end(key, record, where, "stale", judged.why);
      return false;
    }
    const { match, definition, step } = judged;
    if (match.kind === "other") return true;
    if (match.kind === "taken") return definition.listenersSeeAnswers;
    if (match.kind === "cancel") {
      await this.#end(key, record, where, "cancel");
      return false;
    }
    let outcome: StepOutcome;
    try {
      const handle = handleFor(record, where, this.#d.container);
      const answer = step.answer as (
        a: unknown,
        c: StepHandle<unknown, string>,
      ) => StepOutcome | PromiseLike<StepOutcome>;
      const made = answer(match.answer, handle);
      // A step that answers at once (most do) is not awaited: one turn of the microtask queue less.
      outcome = isThenable(made) ? await made : made;
      if (outcome.kind === "next" && !definition.step(outcome.step)) {
        throw new ConversationError(
          "unknown_step",
          `conversation "${definition.name}" step "${record.s}": next("${outcome.step}") names no step (it has: ${definition.stepNames.join(", ")})`,
        );
      }
    } catch (error) {
      const ctx = new EventContext(event.name, event.data, this.#d.botUserId(), this.#d.container);
      await this.#d.failed(error, `conversation "${definition.name}" step "${record.s}"`, ctx);
      return definition.listenersSeeAnswers;
    }
    await this.#apply(key, record, where, definition, outcome, match.answerId);
    return definition.listenersSeeAnswers;
  }

  async #apply(
    key: string,
    record: ConversationRecord,
    where: ConversationPlace,
    definition: Conversation,
    outcome: StepOutcome,
    answerId: string | null,
  ): Promise<void> {
    if (outcome.kind === "end") {
      const data = outcome.data === undefined ? record.d : { ...(record.d as object), ...outcome.data };
      await this.#end(key, record, where, "done", undefined, outcome.say ?? null, data);
      return;
    }
    const now = this.#d.clock.now();
    const a = answerId ?? record.a;
    const next: Omit<ConversationRecord, "j"> =
      outcome.kind === "next"
        ? {
            n: record.n,
            s: outcome.step,
            d: checkData(record.n, outcome.step, { ...(record.d as object), ...outcome.data }),
            v: record.v + 1,
            a,
            q: null,
            t: 0,
            u: now + definition.timeoutOf(outcome.step),
          }
        : { ...record, v: record.v + 1, a, t: record.t + 1, u: now + definition.timeoutOf(record.s) };
    const written = await this.#book.commit(key, record, next);
    if (!written) return;
    if (outcome.kind === "again") {
      if (outcome.say !== undefined) await postInChannel(this.#d.rest, where.channelId, outcome.say);
      return;
    }
    await this.#ask(key, written, where, definition, null);
  }

  /** Posts the question of the step `record` stands at; keeps its id when the step needs it. */
  async #ask(
    key: string,
    record: ConversationRecord,
    where: ConversationPlace,
    definition: Conversation,
    ctx: CommandContext | null,
  ): Promise<void> {
    const step = definition.step(record.s)!;
    const needId = step.expect === "reaction" || step.replyOnly === true;
    const question = sayFor(step.ask, viewOf(record, where));
    const message = ctx
      ? await postFirst(ctx, this.#d.rest, question, needId)
      : await postInChannel(this.#d.rest, where.channelId, question);
    if (!needId || !message) return;
    await this.#book.keepQuestion(key, record.v, message.id);
    // Not waited for in the server's queue: the person may answer with the first before the last
    // is added (reactions have a rate limit of their own).
    if (step.expect === "reaction") void this.#addEmojis(where.channelId, message.id, step.emojis ?? []);
  }

  async #addEmojis(channelId: string, messageId: string, emojis: readonly string[]): Promise<void> {
    try {
      for (const emoji of emojis) await this.#d.rest.addReaction(channelId, messageId, emoji);
    } catch (error) {
      this.#d.logger.warn(`conversation: could not add the question's reactions: ${String(error)}`);
    }
  }

  /** Ends a conversation (its record and job go) and says so: `say`, else what `how` calls for. */
  async #end(
    key: string,
    record: ConversationRecord,
    where: ConversationPlace,
    how: Ending,
    why?: string,
    say?: Say<unknown> | null,
    data?: unknown,
  ): Promise<boolean> {
    if (!(await this.#book.commit(key, record, undefined))) return false;
    const definition = this.#definitions.get(record.n);
    const view = viewOf(
      data === undefined ? record : { ...record, d: data as ConversationRecord["d"] },
      where,
    );
    let text: ReplyInput | null = null;
    if (how === "stale" || (how === "timeout" && !definition)) {
      this.#d.logger.warn(
        `conversation "${record.n}" with user ${where.userId} in channel ${where.channelId} ended: ${why ?? `no conversation named "${record.n}" exists now`} (the bot's code changed since it began)`,
      );
      text = `<@${where.userId}> this conversation ended: the bot was updated since it began and cannot go on with it. Please start it again.`;
    } else if (say !== undefined && say !== null) text = sayFor(say, view);
    else if (say === undefined && definition && how !== "done") {
      text = sayFor(how === "timeout" ? definition.onTimeout : definition.onCancel, view);
    }
    if (text !== null) await postInChannel(this.#d.rest, where.channelId, text);
    return true;
  }

  /**
   * The timeout job: ends the conversation if its question's time is over; when an answer moved
   * the deadline later since the job was set, moves the job there instead.
   */
  async timedOut(payload: unknown, _job: JobInfo): Promise<void> {
    const { k } = (payload ?? {}) as Partial<TimeoutPayload>;
    const where = typeof k === "string" ? placeOfKey(k) : null;
    if (where === null || typeof k !== "string") return;
    this.#d.inFlight.began();
    try {
      await this.#d.queue.run(where.guildId, async () => {
        const record = await this.#book.read(k);
        if (!record) return;
        if (record.u > this.#d.clock.now()) {
          await this.#book.moveTimeout(k, record);
          return;
        }
        await this.#end(k, record, where, "timeout");
      });
    } finally {
      this.#d.inFlight.ended();
    }
  }

  /** Starts `conversation` with the person behind `from` (see `Conversation.start`). */
  async start(conversation: object, from: CommandContext | EventContext, data: unknown): Promise<boolean> {
    const definition = conversation as Conversation;
    if (this.#definitions.get(definition.name) !== definition) {
      throw new ConversationError(
        "unknown_conversation",
        `conversation "${definition.name}" is not one of the bot's: add it to defineBot({ conversations: [...] })`,
      );
    }
    const where = placeOf(from);
    const key = conversationKey(where);
    const first = {
      n: definition.name,
      s: definition.first,
      d: checkData(definition.name, definition.first, data),
      a: from instanceof CommandContext ? from.interaction.id : ((from.payload as { id?: string }).id ?? "0"),
      q: null,
      t: 0,
      u: this.#d.clock.now() + definition.timeoutOf(definition.first),
    };
    for (let attempt = 0; ; attempt++) {
      const before = await this.#book.read(key);
      if (before && definition.whenBusy === "refuse") {
        await this.#refuse(from, where, before);
        return false;
      }
      const record = await this.#book.commit(key, before, { ...first, v: (before?.v ?? 0) + 1 });
      if (record) {
        await this.#ask(key, record, where, definition, from instanceof CommandContext ? from : null);
        return true;
      }
      if (attempt >= 3) {
        throw new ConversationError(
          "busy",
          `conversation at ${key} kept changing while "${definition.name}" started`,
        );
      }
    }
  }

  async #refuse(from: CommandContext | EventContext, where: ConversationPlace, other: ConversationRecord) {
    const word = [...(this.#definitions.get(other.n)?.cancelWords ?? [])][0];
    const text = `You are in the middle of "${other.n}" here: answer it${word ? `, or say "${word}"` : ""} first.`;
    if (from instanceof CommandContext)
      await postFirst(from, this.#d.rest, { content: text, ephemeral: true }, false);
    else await postInChannel(this.#d.rest, where.channelId, `<@${where.userId}> ${text}`);
  }

  /** Ends the conversation named `name` with the person behind `from`, if any (a `/cancel`). */
  async cancelFrom(from: CommandContext | EventContext, name: string, say: unknown): Promise<boolean> {
    const where = placeOf(from);
    const key = conversationKey(where);
    const record = await this.#book.read(key);
    if (record?.n !== name || !(await this.#book.commit(key, record, undefined))) return false;
    const text = (say as Say<unknown> | undefined) ?? this.#definitions.get(name)?.onCancel ?? "Cancelled.";
    const reply = sayFor(text, viewOf(record, where));
    if (from instanceof CommandContext) await postFirst(from, this.#d.rest, reply, false);
    else await postInChannel(this.#d.rest, where.channelId, reply);
    return true;
  }

  /** The conversation waiting at `place`, if any: its name, step, data and deadline. */
  async get(
    place: ConversationPlace,
  ): Promise<(ConversationView<unknown> & { name: string; deadline: number }) | null> {
    const record = await this.#book.read(conversationKey(place));
    return record ? { ...viewOf(record, place), name: record.n, deadline: record.u } : null;
  }
}
