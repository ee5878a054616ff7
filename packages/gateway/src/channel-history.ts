import type { Message } from "@chatbot/protocol";
import { compareIds } from "./snowflake-order.js";

/** What recovery needs of a REST client: `RestClient` from `@chatbot/rest` is one. */
export interface MessageHistory {
  listMessages(
    channelId: string,
    query: { before?: string; after?: string; limit?: number },
    options?: { signal?: AbortSignal; priority?: "background" },
  ): Promise<readonly Message[] & { readonly historyHidden: boolean }>;
}

const PAGE = 100;

/** What {@link readChannelSince} found in one channel. */
export interface ChannelHistory {
  /** Newer than the starting point, newest first; at most `max`. */
  readonly messages: Message[];
  /** The bot reads only what was sent while it was connected there (`X-History-Hidden: 1`). */
  readonly hidden: boolean;
  /** More than `max` were newer: the newest `max` are kept. */
  readonly limitReached: boolean;
}

/**
 * Reads back a channel's messages newer than `from`, in pages of 100 from the newest, at
 * background priority (the REST client lets the bot's other calls go first). Costs one call per
 * 100 messages found, and one call for a channel with none.
 */
export async function readChannelSince(
  history: MessageHistory,
  channelId: string,
  from: string,
  max: number,
  signal?: AbortSignal,
): Promise<ChannelHistory> {
  const messages: Message[] = [];
  let before: string | undefined;
  for (;;) {
    const page = await history.listMessages(
      channelId,
      before === undefined ? { limit: PAGE } : { limit: PAGE, before },
      { ...(signal && { signal }), priority: "background" },
    );
    if (page.historyHidden) return { messages: [], hidden: true, limitReached: false };
    const newer = page.filter((m) => compareIds(m.id, from) > 0);
    messages.push(...newer);
    if (messages.length >= max)
      return { messages: messages.slice(0, max), hidden: false, limitReached: true };
    if (page.length < PAGE || newer.length < page.length)
      return { messages, hidden: false, limitReached: false };
    before = page.reduce((a, m) => (compareIds(m.id, a) < 0 ? m.id : a), page[0]!.id);
  }
}
