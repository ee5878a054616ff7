import { useState } from "preact/hooks";
import type { Message } from "../../api";
import type { Act } from "./act";
import { Text } from "../../fields";
import { EmojiPicker } from "./emoji-picker";
import { MessageEmbeds } from "./message-embeds";
import { MessageHeader } from "./message-header";
import { Reactions } from "./reactions";

/** A message as the list shows it, and what its buttons do. */
interface MessageRowProps {
  message: Message;
  me: string;
  /** The message it replies to, when the window holds it. */
  replied: Message | undefined;
  act: Act;
  onReply: () => void;
}

/** One message: what it replies to, its author and actions, its text (or the form to edit it), embeds and reactions. */
export function MessageRow({ message, me, replied, act, onReply }: MessageRowProps) {
  const [editing, setEditing] = useState<string | null>(null);
  const [picking, setPicking] = useState(false);
  const ephemeral = ((message.flags ?? 0) & 64) !== 0;
  const path = `/dev/v1/channels/${message.channel_id}/messages/${message.id}`;
  return (
    <article class={ephemeral ? "message ephemeral" : "message"} data-message-id={message.id}>
      {message.reply_to && (
        <div class="reply-quote">
          ↪{" "}
          {replied
            ? `${replied.author.name ?? replied.author.username}: ${replied.content.slice(0, 80)}`
            : "replying to an older message"}
        </div>
      )}
      {message.interaction && <div class="used">used /{message.interaction.name}</div>}
      <MessageHeader
        {...{ message, me, ephemeral, path, act, onReply, picking }}
        onPick={() => setPicking(!picking)}
        onEdit={() => setEditing(message.content)}
      />
      {picking && (
        <EmojiPicker
          onPick={(emoji) => {
            setPicking(false);
            void act("PUT", `${path}/reactions/${encodeURIComponent(emoji)}`);
          }}
          onCancel={() => setPicking(false)}
        />
      )}
      {editing === null ? (
        message.content && <div class="content">{message.content}</div>
      ) : (
        <form
          class="inline"
          onSubmit={(e) => {
            e.preventDefault();
            void act("PATCH", path, { content: editing }).then(() => setEditing(null));
          }}
        >
          <Text label="Edit message" value={editing} set={setEditing} />
          <button type="submit">Save</button>
          <button type="button" class="link" onClick={() => setEditing(null)}>
            Cancel
          </button>
        </form>
      )}
      <MessageEmbeds embeds={message.embeds} />
      <Reactions message={message} ephemeral={ephemeral} path={path} act={act} />
      {ephemeral && <div class="only-you">Only you can see this</div>}
    </article>
  );
}
