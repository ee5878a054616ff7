import { useState } from "preact/hooks";
import { Alert } from "../../alert";
import { api, type ChannelView, describe, type GuildView, type Message, type World } from "../../api";
import type { Live } from "../../live";
import { Composer } from "./composer";
import { MessageList } from "./message-list";
import { useHistory, useScrollPlacement } from "./use-history";
import { usePending } from "./use-pending";

/** What the pane shows: the channel, in its server, as the person `me`. */
interface ChannelPaneProps {
  me: string;
  guild: GuildView;
  channel: ChannelView;
  world: World | null;
  live: Live;
}

/** One channel open: its history, the command uses waiting for an answer, and the composer. */
export function ChannelPane({ me, guild, channel, world, live }: ChannelPaneProps) {
  const view = useHistory(me, channel, live);
  const [replyTo, setReplyTo] = useState<Message | null>(null);
  const { pending, setPending } = usePending(live, () => void view.enqueue(view.refresh));
  useScrollPlacement(view, pending);
  const act = async (method: string, path: string, body?: unknown) => {
    try {
      await api(method, path, { as: me, ...(body === undefined ? {} : { body }) });
      view.setError(null);
    } catch (failure) {
      view.setError(describe(failure));
      return;
    }
    await view.enqueue(view.refresh);
  };
  const toPresent = () => void view.enqueue(view.shown.current.hasNewer ? view.loadNewest : view.refresh);
  return (
    <section class="pane" aria-label={`#${channel.name}`}>
      <header class="pane-head">
        <h2>
          # {channel.name} <span class="muted">in {guild.name}</span>
        </h2>
        {channel.topic && <p class="muted">{channel.topic}</p>}
      </header>
      <MessageList
        view={view}
        me={me}
        act={act}
        onReply={setReplyTo}
        pending={pending}
        onDismiss={(id) => setPending((l) => l.filter((x) => x.id !== id))}
      />
      {view.history.hasNewer && <BackBar toPresent={toPresent} />}
      <Alert text={view.error} />
      <Composer
        me={me}
        guild={guild}
        channel={channel}
        world={world}
        live={live}
        replyTo={replyTo}
        clearReply={() => setReplyTo(null)}
        onPosted={() => {
          view.stick.current = true;
          toPresent();
        }}
        onUsed={(p) => {
          view.stick.current = true;
          setPending((list) => [...list, p]);
          if (view.shown.current.hasNewer) toPresent();
        }}
      />
    </section>
  );
}

/** Says the person reads older messages (the newest are not in the window), with a way back. */
function BackBar({ toPresent }: { toPresent: () => void }) {
  return (
    <div class="back-bar" role="status">
      You are reading older messages.{" "}
      <button type="button" class="link" onClick={toPresent}>
        Jump to the newest
      </button>
    </div>
  );
}
