import { useEffect, useState } from "preact/hooks";
import { api, type World } from "../../api";
import { Pick, Text } from "../../fields";
import type { Live } from "../../live";
import { Panel } from "./panel";
import type { PanelProps } from "./panel-props";
import { type Run, useRun } from "./use-run";

/** A webhook as `GET /dev/v1/webhooks/:id` answers. */
interface WebhookInfo {
  id: string;
  name: string;
  channel_id: string;
  state: "active" | "paused";
  paused_reason: string | null;
  maker_id: string | null;
}

/** A server's webhooks and their state, their URLs renewed, and new ones made; a URL is shown once. */
export function WebhooksPanel({ me, world, guild, onChanged, live }: PanelProps & { live: Live }) {
  const ids = (world.webhooks ?? []).filter((w) => w.guild_id === guild.id).map((w) => w.id);
  const [infos, setInfos] = useState<WebhookInfo[]>([]);
  const [url, setUrl] = useState<string | null>(null);
  const channels = world.channels.filter((c) => c.guild_id === guild.id && c.kind !== "voice");
  const { run, note } = useRun(onChanged);
  useEffect(() => {
    void Promise.all(
      ids.map((id) => api<WebhookInfo>("GET", `/dev/v1/webhooks/${id}`).catch(() => null)),
    ).then((list) => setInfos(list.filter((i): i is WebhookInfo => i !== null)));
  }, [ids.join(","), live.version]);
  const channelName = (id: string) => channels.find((c) => c.id === id)?.name ?? id;
  return (
    <Panel title="Webhooks">
      <ul>
        {infos.map((w) => (
          <li key={w.id}>
            <strong>{w.name}</strong> in #{channelName(w.channel_id)} ·{" "}
            <span class={w.state === "active" ? "ok" : "error"}>
              {w.state}
              {w.paused_reason ? ` (${w.paused_reason})` : ""}
            </span>{" "}
            <button
              type="button"
              onClick={() =>
                void run(async () => {
                  const renewed = await api<{ url: string }>("POST", `/dev/v1/webhooks/${w.id}/url`, {
                    as: me,
                  });
                  setUrl(renewed.url);
                })
              }
            >
              Renew URL
            </button>
          </li>
        ))}
      </ul>
      {url && (
        <p class="secret">
          The URL, shown only now: <code>{url}</code>
        </p>
      )}
      <NewWebhookForm me={me} channels={channels} run={run} onMade={setUrl} />
      {note}
    </Panel>
  );
}

/** Makes a webhook in one of the server's channels (the first when none is picked). */
function NewWebhookForm({
  me,
  channels,
  run,
  onMade,
}: {
  me: string;
  channels: World["channels"];
  run: Run;
  onMade: (url: string) => void;
}) {
  const [name, setName] = useState("");
  const [channelId, setChannelId] = useState("");
  return (
    <form
      class="inline"
      onSubmit={(e) => {
        e.preventDefault();
        void run(async () => {
          const made = await api<{ url: string }>(
            "POST",
            `/dev/v1/channels/${channelId || channels[0]?.id}/webhooks`,
            {
              as: me,
              body: { name },
            },
          );
          onMade(made.url);
        });
      }}
    >
      <Text label="Webhook name" placeholder="webhook name" value={name} set={(v) => setName(v)} />
      <Pick
        label="Webhook channel"
        value={channelId}
        set={setChannelId}
        choices={channels.map((c) => [c.id, `#${c.name}`] as const)}
      />
      <button type="submit">Make webhook</button>
    </form>
  );
}
