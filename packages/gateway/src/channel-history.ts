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
  /** Messages newer than `from` but not newer than `notBefore` were left out. */
  readonly tooOld: boolean;
}

/** How {@link readChannelSince} reads. */
export interface ReadSinceOptions {
  readonly signal?: AbortSignal;
  /** `"background"` (the default) lets the bot's other calls go first; `"normal"` reads at full speed. */
  readonly priority?: "normal" | "background";
  /** Reads nothing older than this id, even when `from` is older (an age bound). */
  readonly notBefore?: string;
}

/**
 * Reads back a channel's messages newer than `from` (and than `notBefore`), in pages of 100 from
 * the newest, at background priority unless told otherwise. Costs one call per 100 messages found,
 * and one call for a channel with none.
 */
export async function readChannelSince(
  history: MessageHistory,
  channelId: string,
  from: string,
  max: number,
  options: ReadSinceOptions = {},
): Promise<ChannelHistory> {
  const { signal, notBefore } = options;
  const start = notBefore !== undefined && compareIds(notBefore, from) > 0 ? notBefore : from;
  const messages: Message[] = [];
  let before: string | undefined;
  for (;;) {
    const page = await history.listMessages(
      channelId,
      before === undefined ? { limit: PAGE } : { limit: PAGE, before },
      { ...(signal && { signal }), ...(options.priority !== "normal" && { priority: "background" }) },
    );
    if (page.historyHidden) return { messages: [], hidden: true, limitReached: false, tooOld: false };
    const newer = page.filter((m) => compareIds(m.id, start) > 0);
    messages.push(...newer);
    // Exactly `max` is not more: a full page goes on to the next, which shows whether there are.
    if (messages.length > max)
      return { messages: messages.slice(0, max), hidden: false, limitReached: true, tooOld: false };
    if (page.length < PAGE || newer.length < page.length) {
      const tooOld =
        start !== from && page.some((m) => compareIds(m.id, from) > 0 && compareIds(m.id, start) <= 0);
      return { messages, hidden: false, limitReached: false, tooOld };
    }
    before = page.reduce((a, m) => (compareIds(m.id, a) < 0 ? m.id : a), page[0]!.id);
  }
}
