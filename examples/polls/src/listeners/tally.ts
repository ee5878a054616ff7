import { type EventPayload, ignoreBots, Listener, On, UseMiddleware } from "@chatbot/framework";
import { PollBook } from "../poll-book.js";

/** Counts the reactions people add to and take back from open polls (the bot's own are skipped). */
@Listener()
export class Tally {
  constructor(private readonly polls: PollBook) {}

  @On("MESSAGE_REACTION_ADD")
  @UseMiddleware(ignoreBots())
  added(reaction: EventPayload<"MESSAGE_REACTION_ADD">) {
    this.polls.vote(reaction.message_id, reaction.emoji.name, 1);
  }

  @On("MESSAGE_REACTION_REMOVE")
  @UseMiddleware(ignoreBots())
  removed(reaction: EventPayload<"MESSAGE_REACTION_REMOVE">) {
    this.polls.vote(reaction.message_id, reaction.emoji.name, -1);
  }
}
