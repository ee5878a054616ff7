import type { Message } from "../../api";
import { when } from "./message-format";
import type { Act } from "./act";

/** A message's author, tag and time, and the buttons to reply, react, edit (one's own), pin and delete. */
export function MessageHeader({
  message,
  me,
  ephemeral,
  path,
  act,
  onReply,
  picking,
  onPick,
  onEdit,
}: {
  message: Message;
  me: string;
  ephemeral: boolean;
  /** The message's path in the dev API. */
  path: string;
  act: Act;
  onReply: () => void;
  /** Whether the emoji picker is open. */
  picking: boolean;
  onPick: () => void;
  onEdit: () => void;
}) {
  const mine = message.author.id === me;
  const tag = message.webhook_id ? "WEBHOOK" : message.author.bot ? "BOT" : null;
  return (
    <header>
      <span class="author">{message.author.name ?? message.author.username}</span>
      {tag && <span class={`tag ${tag.toLowerCase()}`}>{tag}</span>}
      <span class="time">{when(message.created_at)}</span>
      {message.edited_at !== null && <span class="muted">(edited)</span>}
      {message.pinned && <span class="pinned">pinned</span>}
      {!ephemeral && (
        <span class="actions">
          <button type="button" onClick={onReply}>
            Reply
          </button>
          <button type="button" aria-expanded={picking} onClick={onPick}>
            React
          </button>
          {mine && (
            <button type="button" onClick={onEdit}>
              Edit
            </button>
          )}
          <button type="button" onClick={() => void act(message.pinned ? "DELETE" : "PUT", `${path}/pin`)}>
            {message.pinned ? "Unpin" : "Pin"}
          </button>
          <button type="button" onClick={() => void act("DELETE", path)}>
            Delete
          </button>
        </span>
      )}
    </header>
  );
}
