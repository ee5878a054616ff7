import { type EventPayload, ignoreBots, Listener, On, OnSchedule, UseMiddleware } from "@chatbot/framework";
import { PollBook } from "../poll-book.js";

/** Counts the reactions people add to and take back from open polls (the bot's own are skipped). */
@Listener()
export class Tally {
  constructor(private readonly polls: PollBook) {}

  @On("MESSAGE_REACTION_ADD")
  @UseMiddleware(ignoreBots())
  async added(reaction: EventPayload<"MESSAGE_REACTION_ADD">) {
    await this.polls.vote(reaction.message_id, reaction.emoji.name, 1);
  }

  @On("MESSAGE_REACTION_REMOVE")
  @UseMiddleware(ignoreBots())
  async removed(reaction: EventPayload<"MESSAGE_REACTION_REMOVE">) {
    await this.polls.vote(reaction.message_id, reaction.emoji.name, -1);
  }

  /** The poll's time is up (scheduled by `PollBook.open`). */
  @OnSchedule("poll-close")
  async close(payload: { messageId: string }) {
    await this.polls.close(payload.messageId);
  }
}
