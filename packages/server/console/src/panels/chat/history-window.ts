import type { Message } from "../../api";
import { compareIds, idBefore } from "./snowflakes";

/** Messages read per page when paging, and shown at first. */
export const PAGE = 50;
/** Messages read per call when reading again what is shown (the API's most). */
const READ = 100;
/** The most messages on screen at once: paging further back drops the newest, and forth the oldest. */
const WINDOW = 250;

/** The messages on screen: a window of the channel's history, at most {@link WINDOW} of them. */
export interface History {
  /** Oldest first. */
  readonly messages: Message[];
  /** Whether older messages exist before the window. */
  readonly hasOlder: boolean;
  /** Whether newer messages exist after it (the person scrolled back far enough to drop them). */
  readonly hasNewer: boolean;
}

/** Reads a page of the channel's messages (newest first, as the API answers) for a query string. */
export type Read = (query: string) => Promise<Message[]>;

/** The newest page, alone: at first, and to jump back to the present. */
export async function newestWindow(read: Read): Promise<History> {
  const page = (await read(`limit=${PAGE}`)).reverse();
  return { messages: page, hasOlder: page.length === PAGE, hasNewer: false };
}

/**
 * `shown` read again (edits, deletions, reactions, pins) and, at the present, what came after;
 * `null` when more arrived than a window holds (then the present is shown instead).
 */
export async function refreshedWindow(read: Read, shown: History): Promise<History | null> {
  const { messages, hasOlder, hasNewer } = shown;
  const newest = messages.at(-1)!.id;
  const fresh: Message[] = [];
  let cursor = idBefore(messages[0]!.id);
  let reachedEnd = false;
  for (let reads = 0; reads <= WINDOW / READ; reads++) {
    const page = (await read(`limit=${READ}&after=${cursor}`)).reverse();
    fresh.push(...page);
    if (page.length < READ) {
      reachedEnd = true;
      break;
    }
    cursor = page.at(-1)!.id;
    if (hasNewer && compareIds(cursor, newest) >= 0) break;
  }
  if (hasNewer) return { messages: fresh.filter((m) => compareIds(m.id, newest) <= 0), hasOlder, hasNewer };
  if (!reachedEnd) return null;
  const over = fresh.length - WINDOW;
  return { messages: over > 0 ? fresh.slice(over) : fresh, hasOlder: hasOlder || over > 0, hasNewer: false };
}

/** The window with the page before it added (`page` oldest first), the newest dropped past {@link WINDOW}. */
export function withOlder(shown: History, page: Message[]): History {
  const all = [...page, ...shown.messages];
  return {
    messages: all.slice(0, WINDOW),
    hasOlder: page.length === PAGE,
    hasNewer: shown.hasNewer || all.length > WINDOW,
  };
}

/** The window with the page after it added (`page` oldest first), the oldest dropped past {@link WINDOW}. */
export function withNewer(shown: History, page: Message[]): History {
  const all = [...shown.messages, ...page];
  const over = all.length - WINDOW;
  return {
    messages: over > 0 ? all.slice(over) : all,
    hasOlder: shown.hasOlder || over > 0,
    hasNewer: page.length === PAGE,
  };
}
