import { useEffect, useState } from "preact/hooks";
import { api, describe, type GuildView, type World } from "../../api";
import { type Live, touched, useLiveEffect } from "../../live";
import { ChannelList } from "./channel-list";
import { ChannelPane } from "./channel-pane";

/** The chat: the servers and channels the person chosen at the top sees, and the channel open. */
export function ChatView({ me, world, live }: { me: string | null; world: World | null; live: Live }) {
  const [guilds, setGuilds] = useState<GuildView[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [channelId, setChannelId] = useState<string | null>(() =>
    localStorage.getItem("chatbot-console:channel"),
  );

  useLiveEffect(
    live,
    (n) => touched(n, "guilds", "channels", "members", "roles", "categories", "bans"),
    () => {
      if (!me) return;
      api<GuildView[]>("GET", "/dev/v1/users/@me/guilds", { as: me }).then(
        (list) => {
          setGuilds(list);
          setError(null);
        },
        (failure: unknown) => setError(describe(failure)),
      );
    },
    [me],
  );

  const channels = (guilds ?? []).flatMap((g) => g.channels.map((c) => ({ guild: g, channel: c })));
  const current =
    channels.find((c) => c.channel.id === channelId) ?? channels.find((c) => c.channel.kind !== "voice");
  useEffect(() => {
    if (current) localStorage.setItem("chatbot-console:channel", current.channel.id);
  }, [current?.channel.id]);

  if (!me) return <p class="empty">Make a person first (New person, at the top).</p>;
  return (
    <div class="chat">
      <ChannelList guilds={guilds} error={error} current={current?.channel.id} onOpen={setChannelId} />
      {current ? (
        <ChannelPane
          key={`${me}:${current.channel.id}`}
          me={me}
          guild={current.guild}
          channel={current.channel}
          world={world}
          live={live}
        />
      ) : (
        <p class="empty">No channel this person can see.</p>
      )}
    </div>
  );
}
