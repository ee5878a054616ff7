import { RestClient, Scheduler, singleton, StateStore } from "@chatbot/framework";

/** The two answers of a poll, as reactions. */
export const ANSWERS = ["👍", "👎"] as const;
export type Answer = (typeof ANSWERS)[number];

interface Poll {
  readonly channelId: string;
  readonly question: string;
  readonly votes: Record<Answer, number>;
}

/**
 * The open polls, by message id, kept in the bot's state store (`polls:<id>`): opened by `/poll`,
 * counted from reaction events, closed by a scheduled job when their time is up on the bot's clock
 * (the test world's clock in tests, so a 10-minute poll closes in no real time). With a durable
 * store (`chatbot dev`, or a `SqliteStore` in production) an open poll and its closing survive a
 * save, a restart and a deploy.
 */
@singleton()
export class PollBook {
  readonly #polls: StateStore;

  constructor(
    private readonly rest: RestClient,
    private readonly scheduler: Scheduler,
    store: StateStore,
  ) {
    this.#polls = store.namespace("polls");
  }

  /** Posts the poll in `channelId`, adds the two answers as reactions, and schedules its closing. */
  async open(channelId: string, question: string, minutes: number): Promise<string> {
    const message = await this.rest.createMessage(channelId, {
      content: `📊 ${question}\nReact with 👍 or 👎. Closes in ${minutes} min.`,
    });
    const poll: Poll = { channelId, question, votes: { "👍": 0, "👎": 0 } };
    await this.#polls.set(message.id, poll);
    await this.scheduler.schedule({ afterMs: minutes * 60_000 }, "poll-close", { messageId: message.id });
    for (const answer of ANSWERS) await this.rest.addReaction(channelId, message.id, answer);
    return message.id;
  }

  /** Counts a vote added (`+1`) or taken back (`-1`); anything but a poll's answer is ignored. */
  async vote(messageId: string, emoji: string, change: 1 | -1): Promise<void> {
    if (!(ANSWERS as readonly string[]).includes(emoji)) return;
    // One step: votes arriving together are all counted.
    await this.#polls.update<Poll>(messageId, (poll) =>
      poll ? { ...poll, votes: { ...poll.votes, [emoji]: poll.votes[emoji as Answer] + change } } : undefined,
    );
  }

  /** The votes of an open poll, or undefined. */
  async tally(messageId: string): Promise<Readonly<Record<Answer, number>> | undefined> {
    return (await this.#polls.get<Poll>(messageId))?.votes;
  }

  /**
   * Closes the poll and posts its result. The poll is removed first, in one step, so a closing
   * that runs again (a job runs at least once) posts nothing the second time.
   */
  async close(messageId: string): Promise<void> {
    const poll = await this.#polls.get<Poll>(messageId);
    if (!poll || !(await this.#polls.compareAndSet(messageId, poll, undefined))) return;
    const result = ANSWERS.map((answer) => `${answer} ${poll.votes[answer]}`).join(" · ");
    await this.rest.createMessage(poll.channelId, { content: `Poll closed: ${poll.question} ${result}` });
  }
}
