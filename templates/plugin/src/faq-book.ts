import { singleton } from "@chatbot/framework";
import { FaqSettings } from "./faq-settings.js";

/** The answers, by topic. Exported by the plugin: a bot's own classes may ask for it by type. */
@singleton()
export class FaqBook {
  constructor(private readonly settings: FaqSettings) {}

  /** The topics, in order. */
  get topics(): string[] {
    return Object.keys(this.settings.answers).sort();
  }

  /** The answer to `topic`, or null when there is none. */
  answer(topic: string): string | null {
    return Object.hasOwn(this.settings.answers, topic) ? this.settings.answers[topic]! : null;
  }
}
