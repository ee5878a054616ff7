import { useState } from "preact/hooks";
import { Text } from "../../fields";

const QUICK_EMOJI = ["👍", "❤️", "😂", "🎉", "👀", "✅"];

/** A few common emoji, or any typed one (a server's custom emoji as `name:id`). */
export function EmojiPicker({ onPick, onCancel }: { onPick: (emoji: string) => void; onCancel: () => void }) {
  const [typed, setTyped] = useState("");
  return (
    <form
      class="inline picker"
      aria-label="React with"
      onSubmit={(e) => {
        e.preventDefault();
        if (typed.trim()) onPick(typed.trim());
      }}
    >
      {QUICK_EMOJI.map((emoji) => (
        <button type="button" key={emoji} class="reaction" onClick={() => onPick(emoji)}>
          {emoji}
        </button>
      ))}
      <Text label="Other emoji" placeholder="other emoji" size={12} value={typed} set={setTyped} />
      <button type="submit">React</button>
      <button type="button" class="link" onClick={onCancel}>
        Cancel
      </button>
    </form>
  );
}
