import type { CommandContext } from "../context/command-context.js";
import type { ConversationBook } from "./conversation-book.js";
import type { ConversationDeps } from "./conversation-deps.js";
import { type EndOptions, type Ending, endingText } from "./conversation-endings.js";
import { carriedPosts, decidePost, deliverPosts, withPosts } from "./conversation-outbox.js";
import { sayFor } from "./conversation-posts.js";
import {
  type ConversationRecord,
  type PendingPost,
  placeOfKey,
  unconfirmed,
  waiting,
} from "./conversation-record.js";
import type { ConversationPlace } from "./conversation-types.js";
import { viewOf } from "./conversation-view.js";
import type { Conversation } from "./define-conversation.js";

/**
 * An ended conversation's outbox is tried again (by its job) this long after a failed post, and its
 * record stays as a mark this long after its last post, until its last answer is handled for good.
 */
export const ENDED_RETRY_MS = 30_000;

/**
 * What the conversations post, and how: each post is decided into a record's outbox (the write
 * that moves the conversation), then delivered with its nonce and taken off the record. Knows
 * which commands' answers this process is posting, so that their conversations wait meanwhile.
 */
export class ConversationPoster {
  /**
   * The nonces of the commands' answers (first questions) this process is posting or posted and
   * has not yet taken off their records: their conversations wait, though the store does not know
   * yet that the answer went out.
   */
  readonly #ours = new Set<string>();

  constructor(
    private readonly deps: Pick<ConversationDeps, "rest" | "logger" | "clock" | "handled" | "onRun">,
    private readonly book: ConversationBook,
    private readonly definitions: ReadonlyMap<string, Conversation>,
  ) {}

  /** Whether `record` waits for an answer, as this process knows it. */
  waiting(record: ConversationRecord): boolean {
    return waiting(record, this.#ours);
  }

  /** Whether `record`'s first question is not known to have gone out, as this process knows it. */
  unconfirmed(record: ConversationRecord): boolean {
    return unconfirmed(record, this.#ours);
  }

  /** The post of the question of the step `record` stands at: the command's answer with `ctx`. */
  question(
    record: Omit<ConversationRecord, "j">,
    where: ConversationPlace,
    definition: Conversation,
    ctx: CommandContext | null,
  ): PendingPost | null {
    const step = definition.step(record.s)!;
    const keep = step.expect === "reaction" || step.replyOnly === true;
    const question = sayFor(step.ask, viewOf(record as ConversationRecord, where));
    return decidePost(where.channelId, question, {
      ...(ctx !== null && { interaction: ctx.interaction.id }),
      keep,
    });
  }

  /**
   * Delivers `record`'s outbox (with `ctx`, the command's answer through it) and takes what went
   * out off the record; adds the question's reactions once its id is known. A post that failed
   * stays in the outbox for the next try, and its error is thrown.
   */
  async flush(key: string, record: ConversationRecord, ctx: CommandContext | null): Promise<void> {
    // A command's answer this process posts is its own: no other delivery of the record tries it.
    const mine = ctx === null ? [] : (record.o ?? []).filter((p) => p.i === ctx.interaction.id);
    for (const post of mine) this.#ours.add(post.n);
    const skip = ctx === null ? this.#ours : new Set<string>();
    const { delivered, error } = await deliverPosts(this.deps.rest, this.deps.logger, record, ctx, skip);
    for (const post of mine) if (!delivered.posted.has(post.n)) this.#ours.delete(post.n);
    if (delivered.posted.size > 0 || delivered.lost.size > 0) {
      await this.book.settle(key, delivered, ENDED_RETRY_MS);
      for (const post of mine) this.#ours.delete(post.n);
    }
    const step = this.definitions.get(record.n)?.step(record.s);
    if (delivered.questionId !== null && step?.expect === "reaction") {
      // Not waited for in the server's queue: the person may answer with the first before the last
      // is added (reactions have a rate limit of their own).
      void this.#addEmojis(placeOfKey(key)!.channelId, delivered.questionId, step.emojis ?? []);
    }
    if (error !== null) throw error;
  }

  /**
   * Ends a conversation and says so (`say`, else what `how` calls for): in one write the record
   * becomes an ended one with the text in its outbox, then the text is posted; ended by a message,
   * the record stays as a mark until that message is handled for good (its job then removes it),
   * and so it does, ended otherwise, while its last answer taken may still be delivered again;
   * else it goes once the text is posted (at once when there is none). A conversation
   * whose first question never went out ends silently. With `ctx`, the text answers that command.
   */
  async end(
    key: string,
    record: ConversationRecord,
    where: ConversationPlace,
    how: Ending,
    options: EndOptions = {},
  ): Promise<boolean> {
    const { ctx = null, answerId = null } = options;
    // The message the mark keeps as the conversation's own: the one that ended it, or, ended
    // otherwise (a timeout, a command's cancel), the last answer it took while that one may still
    // be delivered again (another process may hold it unacknowledged, as a cluster's worker killed
    // after taking it does, while this process runs the timeout).
    const own = answerId ?? (this.#answerInFlight(record, where) ? record.a : null);
    const definition = this.definitions.get(record.n);
    const text = this.unconfirmed(record)
      ? null
      : endingText(record, where, how, options, definition, this.deps.logger);
    const post =
      text === null
        ? null
        : decidePost(where.channelId, text, ctx === null ? {} : { interaction: ctx.interaction.id });
    // An unconfirmed conversation's own answer never went out: it is dropped with it.
    const { o: _o, j: _j, ...rest } = record;
    const carried = carriedPosts(record);
    // Nothing to post and no message of its own to keep (a timeout, a command's cancel): it just goes.
    if (post === null && carried.length === 0 && own === null) {
      const removed = (await this.book.commit(key, record, undefined)) !== null;
      if (removed) this.told(record, "end", how);
      return removed;
    }
    const ended = withPosts(
      {
        ...rest,
        ...(carried.length > 0 && { o: carried }),
        a: own ?? record.a,
        v: record.v + 1,
        x: 1 as const,
        ...(own !== null && { w: 1 as const }),
      },
      post,
    );
    const written = await this.book.commit(key, record, {
      ...ended,
      u: this.deps.clock.now() + ENDED_RETRY_MS,
    });
    if (!written) return false;
    this.told(record, "end", how);
    if (written.o) await this.flush(key, written, ctx);
    return true;
  }

  /**
   * Whether `record`'s last answer taken (a message: not what started it) may still be delivered
   * again: not known handled for good, where this process cannot know (a cluster's worker) too.
   */
  #answerInFlight(record: ConversationRecord, where: ConversationPlace): boolean {
    if (record.i === undefined || record.a === record.i) return false;
    return !(this.deps.handled?.(where.channelId, record.a) ?? false);
  }

  /** Tells the bot's `onRun` hook that the conversation of `record` began or ended. */
  told(record: ConversationRecord, phase: "begin" | "end", ending: Ending | "replaced" | null): void {
    this.deps.onRun?.({
      phase,
      kind: "conversation",
      handler: `conversation "${record.n}"`,
      event: null,
      messageId: null,
      jobId: null,
      conversation: record.i ?? null,
      ending,
      redelivered: false,
      threw: false,
    });
  }

  /**
   * The job of an ended record: its outbox delivered (a failure throws, and the job runs again),
   * then, once its last answer is handled for good, the record goes; until then the job waits.
   */
  async ended(key: string, record: ConversationRecord, where: ConversationPlace): Promise<void> {
    if (record.o) await this.flush(key, record, null);
    const now = await this.book.read(key);
    if (!now || now.x !== 1 || now.o) return;
    if (now.w !== 1 || (this.deps.handled?.(where.channelId, now.a) ?? true)) {
      await this.book.commit(key, now, undefined);
      return;
    }
    await this.book.commit(key, now, { ...now, u: this.deps.clock.now() + ENDED_RETRY_MS });
  }

  async #addEmojis(channelId: string, messageId: string, emojis: readonly string[]): Promise<void> {
    try {
      for (const emoji of emojis) await this.deps.rest.addReaction(channelId, messageId, emoji);
    } catch (error) {
      this.deps.logger.warn(`conversation: could not add the question's reactions: ${String(error)}`);
    }
  }
}
