import { useState } from "preact/hooks";
import { Alert } from "../../alert";
import {
  api,
  type ChannelView,
  type Command,
  describe,
  type GuildView,
  type Message,
  type World,
} from "../../api";
import type { Live } from "../../live";
import { CommandForm } from "./command-form";
import { CommandList } from "./command-list";
import { useCommands } from "./use-commands";
import type { Pending } from "./use-pending";

/** What the composer is given besides the channel: who writes, what to reply to, what to tell. */
interface ComposerProps {
  me: string;
  guild: GuildView;
  channel: ChannelView;
  world: World | null;
  live: Live;
  replyTo: Message | null;
  clearReply: () => void;
  onPosted: () => void;
  onUsed: (pending: Pending) => void;
}

/** The box to write a message in, or `/` and a command's name to pick it and fill in its form. */
export function Composer(props: ComposerProps) {
  const { me, channel, replyTo, clearReply } = props;
  const [text, setText] = useState("");
  const { commands, commandsError } = useCommands(props.live, channel, me);
  const [picked, setPicked] = useState<Command | null>(null);
  const [error, setError] = useState<string | null>(null);
  const typed = text.startsWith("/") && !picked ? text.slice(1).split(" ")[0]!.toLowerCase() : null;
  const matches = typed === null ? [] : (commands ?? []).filter((c) => c.name.startsWith(typed));
  const post = async (event: Event) => {
    event.preventDefault();
    if (picked) return;
    if (typed !== null && matches.length > 0) {
      setPicked(matches[0]!);
      return;
    }
    if (text.trim() === "") return;
    try {
      await api("POST", `/dev/v1/channels/${channel.id}/messages`, {
        as: me,
        body: { content: text, ...(replyTo ? { reply_to: replyTo.id } : {}) },
      });
      setText("");
      setError(null);
      clearReply();
      props.onPosted();
    } catch (failure) {
      setError(describe(failure));
    }
  };
  const pick = (command: Command | null) => {
    setPicked(command);
    setText(command ? `/${command.name}` : "");
  };
  return (
    <div class="composer">
      {typed !== null && <CommandList typed={typed} matches={matches} error={commandsError} onPick={pick} />}
      {picked && <PickedCommand key={picked.id} {...props} picked={picked} onDone={() => pick(null)} />}
      {replyTo && <Replying replyTo={replyTo} clearReply={clearReply} />}
      {!picked && (
        <form class="send" onSubmit={post}>
          <input
            aria-label="Message"
            placeholder={`Message #${channel.name}, or / for commands`}
            value={text}
            onInput={(e) => setText(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === "Escape") setText("");
            }}
          />
          <button type="submit">Send</button>
        </form>
      )}
      <Alert text={error} />
    </div>
  );
}

/** The form of the command picked; once used, its use is handed on as pending. */
function PickedCommand({
  me,
  guild,
  channel,
  world,
  onUsed,
  picked,
  onDone,
}: ComposerProps & { picked: Command; onDone: () => void }) {
  return (
    <CommandForm
      command={picked}
      me={me}
      guild={guild}
      channel={channel}
      world={world}
      onCancel={onDone}
      onUsed={(answer) => {
        onUsed({
          id: answer.id,
          name: picked.name,
          app: picked.app_name,
          state: answer.state as Pending["state"],
          notice: answer.notice ?? null,
        });
        onDone();
      }}
    />
  );
}

/** Says whom the next message replies to, with a way not to. */
function Replying({ replyTo, clearReply }: { replyTo: Message; clearReply: () => void }) {
  return (
    <div class="replying">
      Replying to {replyTo.author.name ?? replyTo.author.username}{" "}
      <button type="button" class="link" onClick={clearReply}>
        Cancel
      </button>
    </div>
  );
}
