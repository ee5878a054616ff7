import { useState } from "preact/hooks";
import { PERMISSION_NAMES } from "@chatbot/protocol/constants";
import { api, type World } from "../../api";
import { Text } from "../../fields";
import { Checks } from "./checks";
import { Panel } from "./panel";
import type { Guild, PanelProps } from "./panel-props";
import { type Run, useRun } from "./use-run";

type Role = World["roles"][number];

/** A server's roles, highest first: each one's name and permissions edited, deleted, and new ones made. */
export function RolesPanel({ me, world, guild, onChanged }: PanelProps) {
  const roles = world.roles.filter((r) => r.guild_id === guild.id).sort((a, b) => b.position - a.position);
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
              <RoleEditor
                me={me}
                guild={guild}
                role={r}
                draft={{ permissions, setPermissions, rename, setRename }}
                run={run}
              />
            )}
          </li>
        ))}
      </ul>
      <NewRoleForm me={me} guildId={guild.id} run={run} />
      {note}
    </Panel>
  );
}

/** The role being edited: its new name (not for @everyone) and permissions, as typed so far. */
interface RoleDraft {
  permissions: string[];
  setPermissions: (next: string[]) => void;
  rename: string;
  setRename: (next: string) => void;
}

/** One role's name and permissions, saved together. */
function RoleEditor({
  me,
  guild,
  role: r,
  draft,
  run,
}: {
  me: string;
  guild: Guild;
  role: Role;
  draft: RoleDraft;
  run: Run;
}) {
  const { permissions, rename } = draft;
  return (
    <div class="role-edit">
      {r.id !== guild.everyone_role_id && (
        <Text label={`Name of ${r.name}`} placeholder="role name" value={rename} set={draft.setRename} />
      )}
      <Checks
        label={`Permissions of ${r.name}`}
        names={PERMISSION_NAMES}
        chosen={permissions}
        onChange={draft.setPermissions}
      />
      <button
        type="button"
        onClick={() =>
          void run(
            () =>
              api("PATCH", `/dev/v1/guilds/${guild.id}/roles/${r.id}`, {
                as: me,
                body: r.id === guild.everyone_role_id ? { permissions } : { name: rename, permissions },
              }),
            "role saved",
          )
        }
      >
        Save role
      </button>
    </div>
  );
}

/** Makes a role with no permissions in the server. */
function NewRoleForm({ me, guildId, run }: { me: string; guildId: string; run: Run }) {
  const [name, setName] = useState("");
  return (
    <form
      class="inline"
      onSubmit={(e) => {
        e.preventDefault();
        void run(() =>
          api("POST", `/dev/v1/guilds/${guildId}/roles`, { as: me, body: { name, permissions: [] } }),
        );
      }}
    >
      <Text label="Role name" placeholder="role name" value={name} set={(v) => setName(v)} />
      <button type="submit">Make role</button>
    </form>
  );
}
