import type { Message } from "../../api";
import { emojiKey } from "./message-format";
import type { Act } from "./act";

/** A message's reactions with their counts; one's own is marked, and a click adds or takes it back. */
export function Reactions({
  message,
  ephemeral,
  path,
  act,
}: {
  message: Message;
  ephemeral: boolean;
  path: string;
  act: Act;
}) {
  if (message.reactions.length === 0) return null;
  return (
    <div class="reactions">
      {message.reactions.map((r) => (
        <button
          type="button"
          key={emojiKey(r.emoji)}
          class={r.me ? "reaction me" : "reaction"}
          disabled={ephemeral}
          onClick={() =>
            void act(r.me ? "DELETE" : "PUT", `${path}/reactions/${encodeURIComponent(emojiKey(r.emoji))}`)
          }
        >
          {r.emoji.name} {r.count}
        </button>
      ))}
    </div>
  );
}
