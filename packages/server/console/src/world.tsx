import type { ComponentChildren } from "preact";
import { useEffect, useState } from "preact/hooks";
import { INTENTS } from "../../../protocol/src/constants/intents";
import { PERMISSION_NAMES } from "../../../protocol/src/constants/permissions";
import { SCOPES } from "../../../protocol/src/constants/scopes";
import { api, describe, type World } from "./api";
import { Pick, Text } from "./fields";
import { type Live, touched, useLiveEffect } from "./live";

type Guild = World["guilds"][number];

/** The kinds a channel may be made as, in the order the form offers them. */
const CHANNEL_KINDS = ["text", "announcement", "voice"] as const;

/** Runs dev API calls for a form, keeping the last error (or what went well) to show beside it. */
function useRun(onChanged: () => void) {
  const [said, setSaid] = useState<{ ok: boolean; text: string } | null>(null);
  const run = async (call: () => Promise<unknown>, done?: string) => {
    try {
      await call();
      setSaid(done ? { ok: true, text: done } : null);
      onChanged();
      return true;
    } catch (failure) {
      setSaid({ ok: false, text: describe(failure) });
      return false;
    }
  };
  const note = said && (
    <p class={said.ok ? "ok" : "error"} role={said.ok ? "status" : "alert"}>
      {said.text}
    </p>
  );
  return { run, note };
}

function Panel({ title, children }: { title: string; children: ComponentChildren }) {
  return (
    <section class="panel" aria-label={title}>
      <h3>{title}</h3>
      {children}
    </section>
  );
}

/** A table of the world editor: its column heads (and an untitled last one for the buttons). */
function Grid({ heads, children }: { heads: readonly string[]; children: ComponentChildren }) {
  return (
    <table class="grid">
      <thead>
        <tr>
          {heads.map((head) => (
            <th key={head}>{head}</th>
          ))}
          <th />
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}

function Checks({
  names,
  chosen,
  onChange,
  label,
}: {
  names: readonly string[];
  chosen: readonly string[];
  onChange: (next: string[]) => void;
  label: string;
}) {
  return (
    <fieldset class="checks">
      <legend>{label}</legend>
      {names.map((name) => (
        <label key={name} class="check">
          <input
            type="checkbox"
            checked={chosen.includes(name)}
            onChange={(e) =>
              onChange(e.currentTarget.checked ? [...chosen, name] : chosen.filter((n) => n !== name))
            }
          />
          {name}
        </label>
      ))}
    </fieldset>
  );
}

/** The world editor: servers and everything in them, each change made as the person chosen at the top. */
export function WorldView({
  me,
  world,
  live,
  onChanged,
}: {
  me: string | null;
  world: World | null;
  live: Live;
  onChanged: () => void;
}) {
  const [guildId, setGuildId] = useState<string | null>(null);
  if (!world) return <p class="muted">Loading the world…</p>;
  const guild = world.guilds.find((g) => g.id === guildId) ?? world.guilds[0];
  return (
    <div class="world">
      <Servers
        me={me}
        world={world}
        selected={guild?.id ?? null}
        onSelect={setGuildId}
        onChanged={onChanged}
      />
      {guild && me ? (
        <div class="world-guild">
          <p class="muted">
            Changes are made as <strong>{world.users.find((u) => u.id === me)?.username}</strong>, with their
            permissions: a refusal says what they lack.
          </p>
          <Channels me={me} world={world} guild={guild} onChanged={onChanged} />
          <Roles me={me} world={world} guild={guild} onChanged={onChanged} />
          <Members me={me} world={world} guild={guild} onChanged={onChanged} />
          <Installs me={me} world={world} guild={guild} onChanged={onChanged} />
          <Webhooks me={me} world={world} guild={guild} onChanged={onChanged} live={live} />
          <Automod me={me} world={world} guild={guild} onChanged={onChanged} />
          <AuditLog guild={guild} live={live} world={world} />
        </div>
      ) : (
        <p class="empty">{me ? "No server yet: make one." : "Make a person first."}</p>
      )}
    </div>
  );
}

function Servers({
  me,
  world,
  selected,
  onSelect,
  onChanged,
}: {
  me: string | null;
  world: World;
  selected: string | null;
  onSelect: (id: string) => void;
  onChanged: () => void;
}) {
  const [name, setName] = useState("");
  const [rename, setRename] = useState("");
  const { run, note } = useRun(onChanged);
  return (
    <Panel title="Servers">
      <ul class="pills">
        {world.guilds.map((g) => (
          <li key={g.id}>
            <button
              type="button"
              class={g.id === selected ? "pill active" : "pill"}
              onClick={() => onSelect(g.id)}
            >
              {g.name}
            </button>
          </li>
        ))}
      </ul>
      <form
        class="inline"
        onSubmit={(e) => {
          e.preventDefault();
          void run(async () => {
            const made = await api<{ id: string }>("POST", "/dev/v1/guilds", {
              body: { name, owner_id: me },
            });
            onSelect(made.id);
            setName("");
          });
        }}
      >
        <Text label="New server name" placeholder="new server name" value={name} set={(v) => setName(v)} />
        <button type="submit" disabled={!me}>
          Make server
        </button>
      </form>
      {selected && (
        <form
          class="inline"
          onSubmit={(e) => {
            e.preventDefault();
            void run(
              () => api("PATCH", `/dev/v1/guilds/${selected}`, { as: me, body: { name: rename } }),
              "renamed",
            );
          }}
        >
          <Text label="Rename server" placeholder="rename to" value={rename} set={(v) => setRename(v)} />
          <button type="submit">Rename</button>
        </form>
      )}
      {note}
    </Panel>
  );
}

interface Props {
  me: string;
  world: World;
  guild: Guild;
  onChanged: () => void;
}

type Overwrite = World["channels"][number]["overwrites"][number];

function Channels({ me, world, guild, onChanged }: Props) {
  const channels = world.channels
    .filter((c) => c.guild_id === guild.id)
    .sort((a, b) => a.position - b.position);
  const categories = world.categories.filter((c) => c.guild_id === guild.id);
  const roles = world.roles.filter((r) => r.guild_id === guild.id);
  const members = world.members.filter((m) => m.guild_id === guild.id);
  const [form, setForm] = useState({
    name: "",
    kind: "text",
    topic: "",
    category_id: "",
    slowmode_seconds: "0",
  });
  const [editing, setEditing] = useState<string | null>(null);
  const [overwrites, setOverwrites] = useState<Overwrite[]>([]);
  const [target, setTarget] = useState("");
  const { run, note } = useRun(onChanged);
  const edited = channels.find((c) => c.id === editing);
  // The overwrites as they were when editing began: a change elsewhere in the world (read again as it
  // happens) must not wipe the edits not saved yet.
  useEffect(() => setOverwrites(edited ? edited.overwrites.map((o) => ({ ...o })) : []), [editing]);
  const userName = (id: string) => world.users.find((u) => u.id === id)?.username ?? id;
  const roleName = (id: string) => roles.find((r) => r.id === id)?.name ?? id;
  const setPermission = (index: number, name: string, value: "allow" | "deny" | "") => {
    setOverwrites((list) =>
      list.map((o, i) =>
        i !== index
          ? o
          : {
              ...o,
              allow: value === "allow" ? [...new Set([...o.allow, name])] : o.allow.filter((p) => p !== name),
              deny: value === "deny" ? [...new Set([...o.deny, name])] : o.deny.filter((p) => p !== name),
            },
      ),
    );
  };
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
        <div class="overwrites" aria-label={`Overwrites of #${edited.name}`}>
          <h4>Permission overwrites of #{edited.name}</h4>
          {overwrites.map((o, index) => (
            <details key={`${o.type}:${o.id}`} open>
              <summary>
                {o.type === "role" ? `role ${roleName(o.id)}` : `member ${userName(o.id)}`}{" "}
                <button
                  type="button"
                  class="link"
                  onClick={() => setOverwrites((l) => l.filter((_, i) => i !== index))}
                >
                  remove
                </button>
              </summary>
              <div class="perm-grid">
                {PERMISSION_NAMES.map((name) => (
                  <label key={name}>
                    <Pick
                      label={`${name} for ${o.type === "role" ? roleName(o.id) : userName(o.id)}`}
                      value={o.allow.includes(name) ? "allow" : o.deny.includes(name) ? "deny" : ""}
                      set={(v) => setPermission(index, name, v as "allow" | "deny" | "")}
                      placeholder="·"
                      choices={[
                        ["allow", "allow"],
                        ["deny", "deny"],
                      ]}
                    />{" "}
                    {name}
                  </label>
                ))}
              </div>
            </details>
          ))}
          <div class="inline">
            <Pick
              label="Overwrite for"
              value={target}
              set={setTarget}
              placeholder="add an overwrite for…"
              choices={[
                ...roles.map((r) => [`role:${r.id}`, `role ${r.name}`] as const),
                ...members.map((m) => [`member:${m.user_id}`, `member ${userName(m.user_id)}`] as const),
              ]}
            />
            <button
              type="button"
              disabled={!target}
              onClick={() => {
                const [type, id] = target.split(":") as ["role" | "member", string];
                if (!overwrites.some((o) => o.id === id && o.type === type))
                  setOverwrites((l) => [...l, { id, type, allow: [], deny: [] }]);
                setTarget("");
              }}
            >
              Add
            </button>
            <button
              type="button"
              onClick={() =>
                void run(
                  () => api("PATCH", `/dev/v1/channels/${edited.id}`, { as: me, body: { overwrites } }),
                  "overwrites saved",
                )
              }
            >
              Save overwrites
            </button>
          </div>
        </div>
      )}
      <form
        class="inline"
        onSubmit={(e) => {
          e.preventDefault();
          void run(() =>
            api("POST", `/dev/v1/guilds/${guild.id}/channels`, {
              as: me,
              body: {
                name: form.name,
                kind: form.kind,
                ...(form.topic ? { topic: form.topic } : {}),
                ...(form.category_id ? { category_id: form.category_id } : {}),
                slowmode_seconds: Number(form.slowmode_seconds),
              },
            }),
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
      {note}
    </Panel>
  );
}

function Roles({ me, world, guild, onChanged }: Props) {
  const roles = world.roles.filter((r) => r.guild_id === guild.id).sort((a, b) => b.position - a.position);
  const [name, setName] = useState("");
  const [editing, setEditing] = useState<string | null>(null);
  const [permissions, setPermissions] = useState<string[]>([]);
  const [rename, setRename] = useState("");
  const { run, note } = useRun(onChanged);
  return (
    <Panel title="Roles">
      <ul class="roles">
        {roles.map((r) => (
          <li key={r.id}>
            <strong>{r.name}</strong> <span class="muted">{r.permissions.length} permissions</span>{" "}
            <button
              type="button"
              onClick={() => {
                setEditing(editing === r.id ? null : r.id);
                setPermissions([...r.permissions]);
                setRename(r.name);
              }}
            >
              Edit
            </button>
            {r.id !== guild.everyone_role_id && (
              <button
                type="button"
                onClick={() =>
                  void run(() => api("DELETE", `/dev/v1/guilds/${guild.id}/roles/${r.id}`, { as: me }))
                }
              >
                Delete
              </button>
            )}
            {editing === r.id && (
              <div class="role-edit">
                {r.id !== guild.everyone_role_id && (
                  <Text label={`Name of ${r.name}`} placeholder="role name" value={rename} set={setRename} />
                )}
                <Checks
                  label={`Permissions of ${r.name}`}
                  names={PERMISSION_NAMES}
                  chosen={permissions}
                  onChange={setPermissions}
                />
                <button
                  type="button"
                  onClick={() =>
                    void run(
                      () =>
                        api("PATCH", `/dev/v1/guilds/${guild.id}/roles/${r.id}`, {
                          as: me,
                          body:
                            r.id === guild.everyone_role_id ? { permissions } : { name: rename, permissions },
                        }),
                      "role saved",
                    )
                  }
                >
                  Save role
                </button>
              </div>
            )}
          </li>
        ))}
      </ul>
      <form
        class="inline"
        onSubmit={(e) => {
          e.preventDefault();
          void run(() =>
            api("POST", `/dev/v1/guilds/${guild.id}/roles`, { as: me, body: { name, permissions: [] } }),
          );
        }}
      >
        <Text label="Role name" placeholder="role name" value={name} set={(v) => setName(v)} />
        <button type="submit">Make role</button>
      </form>
      {note}
    </Panel>
  );
}

function Members({ me, world, guild, onChanged }: Props) {
  const members = world.members.filter((m) => m.guild_id === guild.id);
  const roles = world.roles.filter((r) => r.guild_id === guild.id && r.id !== guild.everyone_role_id);
  const bans = (world.bans ?? []).filter((b) => b.guild_id === guild.id);
  const outside = world.users.filter((u) => !u.bot && !members.some((m) => m.user_id === u.id));
  const [adding, setAdding] = useState("");
  const [minutes, setMinutes] = useState("10");
  const { run, note } = useRun(onChanged);
  const userName = (id: string) => world.users.find((u) => u.id === id)?.username ?? id;
  const patch = (userId: string, body: object) =>
    api("PATCH", `/dev/v1/guilds/${guild.id}/members/${userId}`, { as: me, body });
  const timeout = (userId: string) =>
    run(async () => {
      const { now } = await api<{ now: number }>("GET", "/dev/v1/clock");
      await patch(userId, { communication_disabled_until: now + Number(minutes) * 60_000 });
    }, `timed out for ${minutes} minutes`);
  return (
    <Panel title="Members">
      <Grid heads={["Member", "Nickname", "Roles", "Timeout"]}>
        {members.map((m) => (
          <tr key={m.user_id}>
            <td>
              {userName(m.user_id)}
              {guild.owner_id === m.user_id && <span class="tag">OWNER</span>}
            </td>
            <td>
              <input
                aria-label={`Nickname of ${userName(m.user_id)}`}
                size={10}
                defaultValue={m.nickname ?? ""}
                onChange={(e) =>
                  void run(() => patch(m.user_id, { nickname: e.currentTarget.value || null }))
                }
              />
            </td>
            <td>
              {roles.map((r) => (
                <label key={r.id} class="check">
                  <input
                    type="checkbox"
                    checked={m.roles.includes(r.id)}
                    onChange={(e) =>
                      void run(() =>
                        patch(m.user_id, {
                          roles: e.currentTarget.checked
                            ? [...m.roles, r.id]
                            : m.roles.filter((id) => id !== r.id),
                        }),
                      )
                    }
                  />
                  {r.name}
                </label>
              ))}
            </td>
            <td>
              {m.communication_disabled_until !== null ? (
                <button
                  type="button"
                  onClick={() => void run(() => patch(m.user_id, { communication_disabled_until: null }))}
                >
                  End timeout
                </button>
              ) : (
                <button type="button" onClick={() => void timeout(m.user_id)}>
                  Time out
                </button>
              )}
            </td>
            <td>
              {(["kick", "ban"] as const).map((action) => (
                <button
                  type="button"
                  key={action}
                  onClick={() =>
                    void run(() =>
                      api("DELETE", `/dev/v1/guilds/${guild.id}/members/${m.user_id}`, {
                        as: me,
                        body: { action },
                      }),
                    )
                  }
                >
                  {action === "kick" ? "Kick" : "Ban"}
                </button>
              ))}
            </td>
          </tr>
        ))}
      </Grid>
      <div class="inline">
        <label>
          Timeouts last <Text label="Timeout minutes" size={4} value={minutes} set={setMinutes} /> min
        </label>
        <Pick
          label="Add a person"
          value={adding}
          set={setAdding}
          placeholder="add a person…"
          choices={outside.map((u) => [u.id, u.username] as const)}
        />
        <button
          type="button"
          disabled={!adding}
          onClick={() =>
            void run(() => api("POST", `/dev/v1/guilds/${guild.id}/members`, { body: { user_id: adding } }))
          }
        >
          Join
        </button>
      </div>
      {bans.length > 0 && (
        <p>
          Banned:{" "}
          {bans.map((b) => (
            <span key={b.user_id} class="ban">
              {userName(b.user_id)}{" "}
              <button
                type="button"
                class="link"
                onClick={() =>
                  void run(() => api("DELETE", `/dev/v1/guilds/${guild.id}/bans/${b.user_id}`, { as: me }))
                }
              >
                unban
              </button>
            </span>
          ))}
        </p>
      )}
      {note}
    </Panel>
  );
}

function Installs({ me, world, guild, onChanged }: Props) {
  const installs = world.installs.filter((i) => i.guild_id === guild.id);
  const [appId, setAppId] = useState("");
  const [scopes, setScopes] = useState<string[]>(["commands", "messages.read", "messages.send"]);
  const [intents, setIntents] = useState<string[]>(["guilds", "guild_messages"]);
  const [permissions, setPermissions] = useState<string[]>([
    "view_channels",
    "send_messages",
    "read_message_history",
  ]);
  const { run, note } = useRun(onChanged);
  const appName = (id: string) => world.apps.find((a) => a.id === id)?.name ?? id;
  const free = world.apps.filter((a) => !installs.some((i) => i.application_id === a.id));
  return (
    <Panel title="App installs">
      <Grid heads={["App", "Scopes", "Intents", "Permissions"]}>
        {installs.map((i) => (
          <tr key={i.application_id}>
            <td>{appName(i.application_id)}</td>
            <td>{i.scopes.join(", ")}</td>
            <td>{i.intents.join(", ")}</td>
            <td class="muted">{i.permissions.join(", ")}</td>
            <td>
              <button
                type="button"
                onClick={() =>
                  void run(() =>
                    api("DELETE", `/dev/v1/guilds/${guild.id}/installs/${i.application_id}`, { as: me }),
                  )
                }
              >
                Uninstall
              </button>
            </td>
          </tr>
        ))}
      </Grid>
      <details>
        <summary>Install an app</summary>
        <Pick
          label="App to install"
          value={appId}
          set={setAppId}
          placeholder="choose an app…"
          choices={free.map((a) => [a.id, a.name] as const)}
        />
        <Checks label="Scopes" names={SCOPES} chosen={scopes} onChange={setScopes} />
        <Checks label="Intents" names={INTENTS} chosen={intents} onChange={setIntents} />
        <Checks label="Permissions" names={PERMISSION_NAMES} chosen={permissions} onChange={setPermissions} />
        <button
          type="button"
          disabled={!appId}
          onClick={() =>
            void run(
              () =>
                api("POST", `/dev/v1/guilds/${guild.id}/installs`, {
                  as: me,
                  body: { application_id: appId, scopes, intents, permissions },
                }),
              "installed",
            )
          }
        >
          Install
        </button>
      </details>
      {note}
    </Panel>
  );
}

interface WebhookInfo {
  id: string;
  name: string;
  channel_id: string;
  state: "active" | "paused";
  paused_reason: string | null;
  maker_id: string | null;
}

function Webhooks({ me, world, guild, onChanged, live }: Props & { live: Live }) {
  const ids = (world.webhooks ?? []).filter((w) => w.guild_id === guild.id).map((w) => w.id);
  const [infos, setInfos] = useState<WebhookInfo[]>([]);
  const [url, setUrl] = useState<string | null>(null);
  const [name, setName] = useState("");
  const channels = world.channels.filter((c) => c.guild_id === guild.id && c.kind !== "voice");
  const [channelId, setChannelId] = useState("");
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
            setUrl(made.url);
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
      {note}
    </Panel>
  );
}

function Automod({ me, world, guild, onChanged }: Props) {
  const rules = (world.automod_rules ?? []).filter((r) => r.guild_id === guild.id);
  const [name, setName] = useState("");
  const [keywords, setKeywords] = useState("");
  const [exempt, setExempt] = useState(false);
  const { run, note } = useRun(onChanged);
  return (
    <Panel title="AutoMod rules">
      <ul>
        {rules.map((r) => (
          <li key={r.id}>
            <strong>{r.name}</strong>: {r.keywords.join(", ")}{" "}
            {r.exempt_webhooks && <span class="muted">(webhooks exempt)</span>}
          </li>
        ))}
      </ul>
      <form
        class="inline"
        onSubmit={(e) => {
          e.preventDefault();
          void run(() =>
            api("POST", `/dev/v1/guilds/${guild.id}/automod-rules`, {
              as: me,
              body: {
                name,
                keywords: keywords
                  .split(",")
                  .map((k) => k.trim())
                  .filter(Boolean),
                exempt_webhooks: exempt,
              },
            }),
          );
        }}
      >
        <Text label="Rule name" placeholder="rule name" value={name} set={(v) => setName(v)} />
        <Text
          label="Keywords"
          placeholder="keywords, comma separated"
          value={keywords}
          set={(v) => setKeywords(v)}
        />
        <label class="check">
          <input type="checkbox" checked={exempt} onChange={(e) => setExempt(e.currentTarget.checked)} />{" "}
          exempt webhooks
        </label>
        <button type="submit">Make rule</button>
      </form>
      {note}
    </Panel>
  );
}

interface AuditEntry {
  id: string;
  action: string;
  user_id: string | null;
  target_id: string | null;
  reason?: string | null;
  created_at?: number;
  [key: string]: unknown;
}

function AuditLog({ guild, live, world }: { guild: Guild; live: Live; world: World }) {
  const [entries, setEntries] = useState<AuditEntry[]>([]);
  const [error, setError] = useState<string | null>(null);
  useLiveEffect(
    live,
    (n) => touched(n, "audit_log"),
    () => {
      api<AuditEntry[]>("GET", `/dev/v1/guilds/${guild.id}/audit-log?limit=50`).then(
        (list) => {
          setEntries(list);
          setError(null);
        },
        (failure: unknown) => setError(describe(failure)),
      );
    },
    [guild.id],
  );
  const who = (id: string | null) => (id ? (world.users.find((u) => u.id === id)?.username ?? id) : "—");
  return (
    <Panel title="Audit log">
      {error && <p class="error">{error}</p>}
      {entries.length === 0 ? (
        <p class="muted">Nothing yet.</p>
      ) : (
        <table class="grid">
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.id}>
                <td class="muted">
                  {entry.created_at
                    ? new Date(entry.created_at).toISOString().slice(0, 19).replace("T", " ")
                    : ""}
                </td>
                <td>{entry.action}</td>
                <td>by {who(entry.user_id)}</td>
                <td>{entry.reason ?? ""}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Panel>
  );
}
