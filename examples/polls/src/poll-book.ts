import { Clock, type ClockTimer, RestClient, singleton } from "@chatbot/framework";

/** The two answers of a poll, as reactions. */
export const ANSWERS = ["👍", "👎"] as const;
export type Answer = (typeof ANSWERS)[number];

interface Poll {
  readonly channelId: string;
  readonly question: string;
  readonly votes: Record<Answer, number>;
  readonly timer: ClockTimer;
}

/**
 * The open polls, by message id: opened by `/poll`, counted from reaction events, closed when their
 * time is up on the bot's clock (the test world's clock in tests, so a 10-minute poll closes in no
 * real time). One instance for the whole bot, injected where it is needed.
 */
@singleton()
export class PollBook {
  readonly #polls = new Map<string, Poll>();

  constructor(
    private readonly rest: RestClient,
    private readonly clock: Clock,
  ) {}

  /** Posts the poll in `channelId`, adds the two answers as reactions, and sets its closing. */
  async open(channelId: string, question: string, minutes: number): Promise<string> {
    const message = await this.rest.createMessage(channelId, {
      content: `📊 ${question}\nReact with 👍 or 👎. Closes in ${minutes} min.`,
    });
    const timer = this.clock.setTimer(minutes * 60_000, () => void this.close(message.id));
    this.#polls.set(message.id, { channelId, question, votes: { "👍": 0, "👎": 0 }, timer });
    for (const answer of ANSWERS) await this.rest.addReaction(channelId, message.id, answer);
    return message.id;
  }

  /** Counts a vote added (`+1`) or taken back (`-1`); anything but a poll's answer is ignored. */
  vote(messageId: string, emoji: string, change: 1 | -1): void {
    const poll = this.#polls.get(messageId);
    if (!poll || !(ANSWERS as readonly string[]).includes(emoji)) return;
    poll.votes[emoji as Answer] += change;
  }

  /** The votes of an open poll, or undefined. */
  tally(messageId: string): Readonly<Record<Answer, number>> | undefined {
    return this.#polls.get(messageId)?.votes;
  }

  /** Closes the poll now and posts its result. */
  async close(messageId: string): Promise<void> {
    const poll = this.#polls.get(messageId);
    if (!poll) return;
    this.#polls.delete(messageId);
    poll.timer.cancel();
    const result = ANSWERS.map((answer) => `${answer} ${poll.votes[answer]}`).join(" · ");
    await this.rest.createMessage(poll.channelId, { content: `Poll closed: ${poll.question} ${result}` });
  }
}
