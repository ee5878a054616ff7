import { useLayoutEffect, useRef, useState } from "preact/hooks";
import { api, type ChannelView, describe, type Message } from "../../api";
import { type Live, touched, useLiveEffect } from "../../live";
import {
  type History,
  newestWindow,
  PAGE,
  type Read,
  refreshedWindow,
  withNewer,
  withOlder,
} from "./history-window";

/** Runs reads of the history one after another, so that none overwrites a newer one. */
function useReadQueue() {
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const enqueue = (step: () => Promise<void>): Promise<void> => {
    queue.current = queue.current
      .then(step)
      .then(
        () => setError(null),
        (failure: unknown) => setError(describe(failure)),
      )
      .finally(() => setLoading(false));
    return queue.current;
  };
  return { loading, error, setError, enqueue };
}

/** Where the window stands and how the view follows it, for the reads of {@link windowReads}. */
interface WindowState {
  /** The window as the last change left it (the reads run one at a time and start from it). */
  readonly shown: { current: History };
  readonly commit: (next: History) => void;
  /** Whether the view follows the newest message (it is scrolled to the bottom). */
  readonly stick: { current: boolean };
  /** Notes where a message is on screen, to keep it there across the next change. */
  readonly keepInPlace: (id: string) => void;
}

/** The reads that change the window: the newest page, the window read again, a page before or after. */
function windowReads(read: Read, { shown, commit, stick, keepInPlace }: WindowState) {
  /** The newest page, alone: at first, and to jump back to the present. */
  const loadNewest = async () => {
    const next = await newestWindow(read);
    stick.current = true;
    commit(next);
  };
  /** Reads again what is shown (edits, deletions, reactions, pins) and, at the present, what came after. */
  const refresh = async () => {
    if (shown.current.messages.length === 0) return loadNewest();
    const next = await refreshedWindow(read, shown.current);
    // More arrived than a window holds: show the present.
    if (next === null) await loadNewest();
    else commit(next);
  };
  const loadOlder = async () => {
    const before = shown.current;
    if (!before.hasOlder || before.messages.length === 0) return;
    const page = (await read(`limit=${PAGE}&before=${before.messages[0]!.id}`)).reverse();
    keepInPlace(before.messages[0]!.id);
    stick.current = false;
    commit(withOlder(before, page));
  };
  const loadNewer = async () => {
    const before = shown.current;
    if (!before.hasNewer || before.messages.length === 0) return;
    const page = (await read(`limit=${PAGE}&after=${before.messages.at(-1)!.id}`)).reverse();
    keepInPlace(before.messages.at(-1)!.id);
    commit(withNewer(before, page));
  };
  return { loadNewest, refresh, loadOlder, loadNewer };
}

/**
 * A channel's history as the pane shows it: a window of messages read page by page as the person
 * scrolls, and read again on every change of the channel.
 */
export function useHistory(me: string, channel: ChannelView, live: Live) {
  const [history, setHistory] = useState<History>({ messages: [], hasOlder: false, hasNewer: false });
  const { loading, error, setError, enqueue } = useReadQueue();
  const list = useRef<HTMLDivElement>(null);
  const stick = useRef(true);
  /** A message to keep in place on screen across the next change of the window. */
  const anchor = useRef<{ id: string; top: number } | null>(null);
  const shown = useRef(history);
  const paging = useRef(false);
  const base = `/dev/v1/channels/${channel.id}/messages`;
  const commit = (next: History) => {
    shown.current = next;
    setHistory(next);
  };
  const keepInPlace = (id: string) => {
    const element = list.current?.querySelector(`[data-message-id="${id}"]`);
    anchor.current = element ? { id, top: element.getBoundingClientRect().top } : null;
  };
  const read = (query: string) => api<Message[]>("GET", `${base}?${query}`, { as: me });
  const reads = windowReads(read, { shown, commit, stick, keepInPlace });
  /** Pages on scroll, one read at a time. */
  const page = (step: () => Promise<void>) => {
    if (paging.current) return;
    paging.current = true;
    void enqueue(step).finally(() => (paging.current = false));
  };
  useLiveEffect(
    live,
    // A deletion may name no channel: a change of messages anywhere else is read again too.
    (n) =>
      n.channel_ids.includes(channel.id) ||
      touched(n, "members", "roles", "interactions") ||
      (n.channel_ids.length === 0 && touched(n, "messages", "reactions")),
    () => void enqueue(reads.refresh),
    [base, me],
  );
  return { history, loading, error, setError, list, stick, anchor, shown, enqueue, page, ...reads };
}

/** A channel's history as {@link useHistory} keeps it. */
export type HistoryView = ReturnType<typeof useHistory>;

/**
 * Keeps the view where the person reads across a change of the window (`pending`, what else below
 * the messages changes its height): the anchored message stays put, or the view follows the newest.
 */
export function useScrollPlacement(view: HistoryView, pending: unknown): void {
  const { list, anchor, stick, history } = view;
  useLayoutEffect(() => {
    const element = list.current;
    if (!element) return;
    const kept = anchor.current;
    anchor.current = null;
    const target = kept && element.querySelector(`[data-message-id="${kept.id}"]`);
    if (kept && target) element.scrollTop += target.getBoundingClientRect().top - kept.top;
    else if (stick.current) element.scrollTop = element.scrollHeight;
  }, [history, pending]);
}
