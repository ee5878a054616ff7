import { compareIds } from "@chatbot/gateway";
import { CommandContext } from "../context/command-context.js";
import { EventContext } from "../context/event-context.js";
import { noticed } from "../context/run-notice.js";
import type { JobInfo } from "../state/scheduler.js";
import { ConversationBook } from "./conversation-book.js";
import type { ConversationDeps } from "./conversation-deps.js";
import { ConversationError } from "./conversation-error.js";
import { type AnswerEvent, type Judged, judgeEvent, LATE, placeOfEvent } from "./conversation-match.js";
import { carriedPosts, decidePost, withPosts } from "./conversation-outbox.js";
import { ConversationPoster } from "./conversation-poster.js";
import { postFirst, postInChannel } from "./conversation-posts.js";
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

/** The id of a message event (a reaction has none that the record keeps). */
const answerIdOf = (event: AnswerEvent): string | null =>
  event.name === "MESSAGE_CREATE" ? event.data.id : null;

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
  readonly #poster: ConversationPoster;

  constructor(deps: ConversationDeps, definitions: readonly Conversation[]) {
    this.#d = deps;
    this.#definitions = new Map(definitions.map((c) => [c.name, c]));
    this.#book = new ConversationBook(deps.store, deps.scheduler, () => deps.clock.now(), deps.logger);
    this.#poster = new ConversationPoster(deps, this.#book, this.#definitions);
  }

  /** The conversations the bot knows, by name. */
  get definitions(): ReadonlyMap<string, Conversation> {
    return this.#definitions;
  }

  /** How many conversations wait, as this process's index knows (a shared store is not indexed). */
  get waiting(): number {
    return this.#book.size;
  }

  /**
   * Before the first event: reads which places have a conversation waiting, and starts delivering,
   * each in its server's queue, the posts an earlier process decided and may not have made.
   */
  async load(): Promise<void> {
    await this.#book.load();
    for (const [key, record] of this.#book.pending()) {
      const where = placeOfKey(key);
      if (where === null) continue;
      this.#d.inFlight.began();
      void this.#d.queue
        .run(where.guildId, () => this.#poster.flush(key, record, null))
        .catch((error: unknown) =>
          this.#d.logger.warn(
            `conversation at ${key}: its pending posts failed, tried again later: ${String(error)}`,
          ),
        )
        .finally(() => this.#d.inFlight.ended());
    }
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
    if (record === undefined || !this.#poster.waiting(record)) return false;
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
    if (!this.#poster.waiting(record)) return this.#notWaiting(event, key, record);
    const judged =
      event === this.#judgedEvent && record === this.#judgedRecord
        ? this.#judged
        : judgeEvent(event, record, this.#definitions, this.#d.clock);
    this.#judgedEvent = this.#judgedRecord = null;
    if (judged.kind === "late") {
      // Its time was over before this came (the bot was down when it was due): it ends now.
      await this.#poster.end(key, record, where, "timeout");
      return true;
    }
    if (judged.kind === "stale") {
      await this.#poster.end(key, record, where, "stale", { why: judged.why, answerId: answerIdOf(event) });
      return false;
    }
    const { match, definition, step } = judged;
    if (match.kind === "other") return true;
    if (match.kind === "taken") {
      // The answer that moved it, delivered again (a restart's catch-up): what it decided goes out.
      if (record.o) await this.#poster.flush(key, record, null);
      return definition.listenersSeeAnswers;
    }
    if (match.kind === "cancel") {
      await this.#poster.end(key, record, where, "cancel", { answerId: match.answerId });
      return false;
    }
    let outcome: StepOutcome;
    try {
      const handle = handleFor(record, where, this.#d.container);
      const answer = step.answer as (
        a: unknown,
        c: StepHandle<unknown, string>,
      ) => StepOutcome | PromiseLike<StepOutcome>;
      const onRun = this.#d.onRun;
      if (onRun) {
        const notice = {
          kind: "answer",
          handler: `conversation "${definition.name}" step "${record.s}"`,
          event: event.name,
          messageId: answerIdOf(event),
          jobId: null,
          conversation: record.i ?? null,
          ending: null,
          redelivered: (event.data as { redelivered?: boolean }).redelivered === true,
        } as const;
        outcome = await noticed(onRun, notice, () => answer(match.answer, handle));
      } else {
        const made = answer(match.answer, handle);
        // A step that answers at once (most do) is not awaited: one turn of the microtask queue less.
        outcome = isThenable(made) ? await made : made;
      }
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
      await this.#poster.end(key, record, where, "done", { say: outcome.say ?? null, data, answerId });
      return;
    }
    const now = this.#d.clock.now();
    const a = answerId ?? record.a;
    const next: Omit<ConversationRecord, "j"> =
      outcome.kind === "next"
        ? {
            ...(record.o && { o: record.o }),
            n: record.n,
            ...(record.i !== undefined && { i: record.i }),
            s: outcome.step,
            d: checkData(record.n, outcome.step, { ...(record.d as object), ...outcome.data }),
            v: record.v + 1,
            a,
            q: null,
            t: 0,
            u: now + definition.timeoutOf(outcome.step),
          }
        : { ...record, v: record.v + 1, a, t: record.t + 1, u: now + definition.timeoutOf(record.s) };
    const post =
      outcome.kind === "again"
        ? outcome.say === undefined
          ? null
          : decidePost(where.channelId, outcome.say)
        : this.#poster.question(next, where, definition, null);
    const written = await this.#book.commit(key, record, withPosts(next, post));
    if (written?.o) await this.#poster.flush(key, written, null);
  }

  /**
   * An event where the record is not a conversation waiting for an answer: one that ended and
   * waits for its posts or its last answer (that answer, delivered again, is still its), or one
   * whose first question never went out (the person was never asked: the event is theirs to have).
   */
  async #notWaiting(event: AnswerEvent, key: string, record: ConversationRecord): Promise<boolean> {
    // Only the message its mark keeps is its own (the answer that ended it, or the last one it took
    // before a timeout or a cancel); a message before it (a person's other message, a catch-up's)
    // is the listeners', as it would have been while the conversation waited.
    if (record.x === undefined || event.name !== "MESSAGE_CREATE") return true;
    if (compareIds(event.data.id, record.a) !== 0) return true;
    if (record.o) await this.#poster.flush(key, record, null);
    return this.#definitions.get(record.n)?.listenersSeeAnswers ?? false;
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
        if (record.x === 1) return this.#poster.ended(k, record, where);
        if (record.u > this.#d.clock.now()) {
          await this.#book.moveTimeout(k, record);
          if (record.o) await this.#poster.flush(k, record, null);
          return;
        }
        await this.#poster.end(k, record, where, "timeout");
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
    const ctx = from instanceof CommandContext ? from : null;
    for (let attempt = 0; ; attempt++) {
      const before = await this.#book.read(key);
      if (before && this.#poster.waiting(before) && definition.whenBusy === "refuse") {
        await this.#refuse(from, where, before);
        return false;
      }
      // What an earlier record there still has to post goes first; an unconfirmed one's answer,
      // which never went out, goes with it.
      const carried = carriedPosts(before);
      const next = {
        ...first,
        i: first.a,
        v: (before?.v ?? 0) + 1,
        ...(carried.length > 0 && { o: carried }),
      };
      const record = await this.#book.commit(
        key,
        before,
        withPosts(next, this.#poster.question(next, where, definition, ctx)),
      );
      if (record) {
        if (before && this.#poster.waiting(before)) this.#poster.told(before, "end", "replaced");
        this.#poster.told(record, "begin", null);
        if (record.o) await this.#poster.flush(key, record, ctx);
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
    else {
      // Refused again for the same message (delivered again after a crash): the same nonce, one post.
      const id = (from.payload as { id?: string }).id;
      const nonce = id === undefined ? undefined : `refused-${id}`;
      await postInChannel(this.#d.rest, where.channelId, `<@${where.userId}> ${text}`, nonce);
    }
  }

  /** Ends the conversation named `name` with the person behind `from`, if any (a `/cancel`). */
  async cancelFrom(from: CommandContext | EventContext, name: string, say: unknown): Promise<boolean> {
    const where = placeOf(from);
    const key = conversationKey(where);
    const record = await this.#book.read(key);
    if (record?.n !== name || !this.#poster.waiting(record)) return false;
    const text = (say as Say<unknown> | undefined) ?? this.#definitions.get(name)?.onCancel ?? "Cancelled.";
    const ctx = from instanceof CommandContext ? from : null;
    return this.#poster.end(key, record, where, "cancel", { say: text, ctx });
  }

  /** The conversation waiting at `place`, if any: its name, step, data and deadline. */
  async get(
    place: ConversationPlace,
  ): Promise<(ConversationView<unknown> & { name: string; deadline: number }) | null> {
    const record = await this.#book.read(conversationKey(place));
    return record && this.#poster.waiting(record)
      ? { ...viewOf(record, place), name: record.n, deadline: record.u }
      : null;
  }
}
