import type { Message } from "@chatbot/protocol";
import type { PostedMessage, ServerObserver } from "@chatbot/server";
import type { Waits } from "./waits.js";

/** Who wrote a message: a person or app handle (anything with the author's user id), or the id. */
export type AuthorRef = string | { readonly userId: string };

/** What {@link TestWorld.nextMessage} looks for. */
export interface MessageFilter {
  /** Only messages of this author (`world.app` for the bot, a person). */
  readonly from?: AuthorRef;
  /** A substring of the content, a pattern, or a check of the whole message. */
  readonly matching?: string | RegExp | ((message: Message) => boolean);
  /** Real-time bound of this wait, in ms. */
  readonly timeoutMs?: number;
}

function authorId(ref: AuthorRef): string {
  return typeof ref === "string" ? ref : ref.userId;
}

/**
 * Every message posted in the world since it was made, in the server's commit order, from the
 * change stream; each channel has a cursor so {@link next} hands out each message once.
 */
export class MessageLog {
  private readonly records: PostedMessage[] = [];
  /** Each message's place in {@link records}, so {@link passed} costs the same however many came. */
  private readonly places = new Map<string, number>();
  private readonly cursors = new Map<string, number>();

  constructor(
    private readonly observe: ServerObserver,
    private readonly waits: Waits,
  ) {
    observe.onMessagePosted((posted) => {
      if (!this.places.has(posted.id)) this.places.set(posted.id, this.records.length);
      this.records.push(posted);
    });
  }

  /** Moves `channelId`'s cursor past message `id` (a person's own post is not "next"). */
  passed(channelId: string, id: string): void {
    const index = this.places.get(id) ?? -1;
    if (index >= (this.cursors.get(channelId) ?? 0)) this.cursors.set(channelId, index + 1);
  }

  /**
   * The first message in `channelId` after the cursor that passes `filter`; the cursor moves past
   * it. Waits for it (bounded by `timeoutMs`) and fails listing what came meanwhile.
   */
  next(channelId: string, channelLabel: string, filter: MessageFilter, timeoutMs: number): Promise<Message> {
    const start = this.cursors.get(channelId) ?? 0;
    const from = filter.from === undefined ? undefined : authorId(filter.from);
    const test = (message: Message): boolean => {
      const m = filter.matching;
      if (m === undefined) return true;
      if (typeof m === "string") return message.content.includes(m);
      if (m instanceof RegExp) return m.test(message.content);
      return m(message);
    };
    const wanted = [
      `a message in ${channelLabel}`,
      from === undefined ? "" : ` from ${this.authorName(from)}`,
      filter.matching === undefined ? "" : ` matching ${String(filter.matching)}`,
    ].join("");
    return this.waits.until({
      waitedFor: wanted,
      timeoutMs: filter.timeoutMs ?? timeoutMs,
      check: () => {
        for (let i = Math.max(start, this.cursors.get(channelId) ?? 0); i < this.records.length; i++) {
          const record = this.records[i]!;
          if (record.channel_id !== channelId || (from !== undefined && record.author_id !== from)) continue;
          const message = record.view();
          if (!test(message)) continue;
          this.cursors.set(channelId, i + 1);
          return message;
        }
        return undefined;
      },
      seen: () => this.since(start),
    });
  }

  /** How many messages were posted so far (a mark for {@link since}). */
  get size(): number {
    return this.records.length;
  }

  /** One line for each message posted after the mark `start`. */
  since(start: number): string[] {
    return this.records.slice(start).map((r) => this.describe(r));
  }

  /** One line per message: `#general bot: "pong"`. */
  describe(record: PostedMessage): string {
    const channel = this.observe.channelName(record.channel_id) ?? record.channel_id;
    const message = record.view();
    const embeds = message.embeds.length > 0 ? ` (+${message.embeds.length} embed)` : "";
    return `#${channel} ${this.authorName(record.author_id)}: ${JSON.stringify(message.content)}${embeds}`;
  }

  private authorName(userId: string): string {
    const user = this.observe.user(userId);
    if (!user) return userId;
    return user.bot ? `${user.name} (bot)` : user.username;
  }
}
