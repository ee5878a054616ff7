import type { ChannelView, GuildView } from "../../api";

/** A server's channels grouped under their categories, the ones in none first. */
function groupByCategory(guild: GuildView): [string | null, ChannelView[]][] {
  const out: [string | null, ChannelView[]][] = [];
  const loose = guild.channels.filter((c) => c.category_id === null);
  if (loose.length > 0) out.push([null, loose]);
  for (const category of guild.categories) {
    const list = guild.channels.filter((c) => c.category_id === category.id);
    if (list.length > 0) out.push([category.name, list]);
  }
  return out;
}

/** The sidebar: each server the person is in, its channels by category, `current` marked. */
export function ChannelList({
  guilds,
  error,
  current,
  onOpen,
}: {
  guilds: GuildView[] | null;
  error: string | null;
  current: string | undefined;
  onOpen: (channelId: string) => void;
}) {
  return (
    <aside class="sidebar" aria-label="Servers and channels">
      {error && <p class="error">{error}</p>}
      {guilds?.length === 0 && <p class="muted">This person is in no server yet: add them in World.</p>}
      {guilds?.map((guild) => (
        <section key={guild.id} class="guild">
          <h2>{guild.name}</h2>
          {groupByCategory(guild).map(([category, list]) => (
            <div key={category ?? "none"}>
              {category && <h3>{category}</h3>}
              <ul>
                {list.map((channel) => (
                  <li key={channel.id}>
                    <button
                      type="button"
                      class={current === channel.id ? "channel active" : "channel"}
                      onClick={() => onOpen(channel.id)}
                      disabled={channel.kind === "voice"}
                    >
                      {channel.kind === "voice" ? "♪" : channel.kind === "announcement" ? "»" : "#"}{" "}
                      {channel.name}
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </section>
      ))}
    </aside>
  );
}
