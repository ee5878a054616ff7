import type { Message } from "../../api";
import type { Act } from "./act";
import { MessageRow } from "./message-row";
import { PendingNotice } from "./pending-notice";
import type { HistoryView } from "./use-history";
import type { Pending } from "./use-pending";

/** The history to show, the command uses waiting, and what the rows' buttons do. */
interface MessageListProps {
  view: HistoryView;
  me: string;
  act: Act;
  onReply: (message: Message) => void;
  pending: Pending[];
  onDismiss: (id: string) => void;
}

/** The window of messages, paged as the person scrolls to either end, then the command uses waiting. */
export function MessageList({ view, me, act, onReply, pending, onDismiss }: MessageListProps) {
  const { messages, hasOlder, hasNewer } = view.history;
  const { shown, stick, page, loadOlder, loadNewer } = view;
  const byId = new Map(messages.map((m) => [m.id, m]));
  return (
    <div
      class="messages"
      ref={view.list}
      onScroll={(e) => {
        const el = e.currentTarget;
        const atBottom = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
        stick.current = atBottom && !shown.current.hasNewer;
        if (el.scrollTop < 60 && shown.current.hasOlder) page(loadOlder);
        else if (atBottom && shown.current.hasNewer) page(loadNewer);
      }}
    >
      <div class="spacer" />
      {hasOlder && (
        <button type="button" class="older" onClick={() => page(loadOlder)}>
          Load older messages
        </button>
      )}
      {view.loading && <p class="muted">Loading…</p>}
      {!view.loading && messages.length === 0 && pending.length === 0 && (
        <p class="muted">No messages yet.</p>
      )}
      {messages.map((message) => (
        <MessageRow
          key={message.id}
          message={message}
          me={me}
          replied={message.reply_to ? byId.get(message.reply_to) : undefined}
          act={act}
          onReply={() => onReply(message)}
        />
      ))}
      {hasNewer && (
        <button type="button" class="older" onClick={() => page(loadNewer)}>
          Load newer messages
        </button>
      )}
      {pending.map((p) => (
        <PendingNotice key={p.id} pending={p} onDismiss={() => onDismiss(p.id)} />
      ))}
    </div>
  );
}
