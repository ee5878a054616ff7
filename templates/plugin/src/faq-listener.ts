import { type EventPayload, Listener, On, RestClient } from "@chatbot/framework";
import { FaqBook } from "./faq-book.js";
import { FaqSettings } from "./faq-settings.js";

/** Answers a message that is only a question: `?rules`. */
@Listener()
export class FaqListener {
  constructor(
    private readonly rest: RestClient,
    private readonly book: FaqBook,
    private readonly settings: FaqSettings,
  ) {}

  @On("MESSAGE_CREATE")
  async question(message: EventPayload<"MESSAGE_CREATE">) {
    const text = message.content.trim();
    if (message.author.bot || !text.startsWith(this.settings.prefix)) return;
    const answer = this.book.answer(text.slice(this.settings.prefix.length).toLowerCase());
    if (answer !== null) {
      await this.rest.createMessage(message.channel_id, {
        content: answer,
        reply_to: message.id,
      });
    }
  }
}
