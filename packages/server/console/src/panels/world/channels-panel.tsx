import { useState } from "preact/hooks";
import { api, type World } from "../../api";
import { Pick, Text } from "../../fields";
import { Grid } from "./grid";
import { OverwritesEditor, useOverwriteDraft } from "./overwrites-editor";
import { Panel } from "./panel";
import type { PanelProps } from "./panel-props";
import { type Run, useRun } from "./use-run";

/** The kinds a channel may be made as, in the order the form offers them. */
const CHANNEL_KINDS = ["text", "announcement", "voice"] as const;

/** A server's channels: their overwrites edited, deleted, and new ones made. */
export function ChannelsPanel({ me, world, guild, onChanged }: PanelProps) {
  const channels = world.channels
    .filter((c) => c.guild_id === guild.id)
    .sort((a, b) => a.position - b.position);
  const categories = world.categories.filter((c) => c.guild_id === guild.id);
  const roles = world.roles.filter((r) => r.guild_id === guild.id);
  const members = world.members.filter((m) => m.guild_id === guild.id);
  const [editing, setEditing] = useState<string | null>(null);
  const { run, note } = useRun(onChanged);
  const edited = channels.find((c) => c.id === editing);
  const draft = useOverwriteDraft(editing, edited);
  const userName = (id: string) => world.users.find((u) => u.id === id)?.username ?? id;
  const roleName = (id: string) => roles.find((r) => r.id === id)?.name ?? id;
  return (
    <Panel title="Channels">
      <Grid heads={["Channel", "Kind", "Topic", "Overwrites"]}>
        {channels.map((c) => (
          <tr key={c.id}>
            <td>#{c.name}</td>
            <td>{c.kind}</td>
            <td class="muted">{c.topic}</td>
            <td>
              {c.overwrites.map((o) => (o.type === "role" ? roleName(o.id) : userName(o.id))).join(", ") ||
                "—"}
            </td>
            <td>
              <button type="button" onClick={() => setEditing(editing === c.id ? null : c.id)}>
                Permissions
              </button>
              <button
                type="button"
                onClick={() => void run(() => api("DELETE", `/dev/v1/channels/${c.id}`, { as: me }))}
              >
                Delete
              </button>
            </td>
          </tr>
        ))}
      </Grid>
      {edited && (
        <OverwritesEditor
          me={me}
          channel={edited}
          draft={draft}
          targets={{ roles, members, userName, roleName }}
          run={run}
        />
      )}
      <NewChannelForm me={me} guildId={guild.id} categories={categories} run={run} />
      {note}
    </Panel>
  );
}

/** A new channel as typed so far. */
interface ChannelDraft {
  name: string;
  kind: string;
  topic: string;
  category_id: string;
  slowmode_seconds: string;
}

/** The body of `POST /dev/v1/guilds/:id/channels` for `form` (an empty topic or category left out). */
function channelBody(form: ChannelDraft) {
  return {
    name: form.name,
    kind: form.kind,
    ...(form.topic ? { topic: form.topic } : {}),
    ...(form.category_id ? { category_id: form.category_id } : {}),
    slowmode_seconds: Number(form.slowmode_seconds),
  };
}

/** What the form to make a channel needs: who makes it, where, the server's categories. */
interface NewChannelProps {
  me: string;
  guildId: string;
  categories: World["categories"];
  run: Run;
}

/** Makes a channel in the server: its name, kind, topic, category and slowmode. */
function NewChannelForm({ me, guildId, categories, run }: NewChannelProps) {
  const [form, setForm] = useState<ChannelDraft>({
    name: "",
    kind: "text",
    topic: "",
    category_id: "",
    slowmode_seconds: "0",
  });
  return (
    <form
      class="inline"
      onSubmit={(e) => {
        e.preventDefault();
        void run(() =>
          api("POST", `/dev/v1/guilds/${guildId}/channels`, { as: me, body: channelBody(form) }),
        );
      }}
    >
      <Text
        label="Channel name"
        placeholder="channel name"
        value={form.name}
        set={(v) => setForm({ ...form, name: v })}
      />
      <Pick
        label="Channel kind"
        value={form.kind}
        set={(v) => setForm({ ...form, kind: v })}
        choices={CHANNEL_KINDS.map((kind) => [kind, kind] as const)}
      />
      <Text
        label="Topic"
        placeholder="topic"
        value={form.topic}
        set={(v) => setForm({ ...form, topic: v })}
      />
      <Pick
        label="Category"
        value={form.category_id}
        set={(v) => setForm({ ...form, category_id: v })}
        placeholder="no category"
        choices={categories.map((c) => [c.id, c.name] as const)}
      />
      <Text
        label="Slowmode (s)"
        size={4}
        value={form.slowmode_seconds}
        set={(v) => setForm({ ...form, slowmode_seconds: v })}
      />
      <button type="submit">Make channel</button>
    </form>
  );
}
