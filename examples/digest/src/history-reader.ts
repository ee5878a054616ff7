import { Clock, type Message, RestClient, singleton } from "@chatbot/framework";

/** What a channel's recent history holds. */
export interface Digest {
  readonly messages: number;
  /** Display name → messages, most first. */
  readonly authors: ReadonlyArray<readonly [string, number]>;
}

/** Pages of 100; at most this many. */
const PAGES = 5;
/** The pause between pages, on the bot's clock, to leave room for the bot's other calls. */
export const PAUSE_MS = 1_000;

/**
 * Reads up to 500 of a channel's latest messages, a page of 100 at a time with a pause between
 * pages: slow work, which the framework's auto-defer covers (the person sees the bot thinking
 * after 2 s, and the answer when it comes).
 */
@singleton()
export class HistoryReader {
  constructor(
    private readonly rest: RestClient,
    private readonly clock: Clock,
  ) {}

  async digest(channelId: string): Promise<Digest> {
    const counts = new Map<string, number>();
    let messages = 0;
    let before: string | undefined;
    for (let page = 0; page < PAGES; page++) {
      if (page > 0) await new Promise<void>((resolve) => this.clock.setTimer(PAUSE_MS, resolve));
      const list: Message[] = await this.rest.listMessages(channelId, {
        limit: 100,
        ...(before ? { before } : {}),
      });
      for (const message of list) {
        if (message.author.bot) continue;
        messages += 1;
        counts.set(message.author.name, (counts.get(message.author.name) ?? 0) + 1);
      }
      if (list.length < 100) break;
      before = list.at(-1)!.id;
    }
    return { messages, authors: [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])) };
  }
}
