import { api, type World } from "../../api";
import type { Guild } from "./panel-props";
import type { Run } from "./use-run";

/** What a member's row does: dev API calls, a change of the member, a timeout of the panel's length. */
interface MemberActions {
  run: Run;
  patch: (userId: string, body: object) => Promise<unknown>;
  timeout: (userId: string) => Promise<boolean>;
}

type Member = World["members"][number];

/** A member of the server as its row shows it: `name` is theirs, `roles` the server's to give. */
interface MemberRowProps {
  me: string;
  guild: Guild;
  member: Member;
  roles: World["roles"];
  name: string;
  actions: MemberActions;
}

/** One member of the server: nickname, roles, timeout, and kick or ban. */
export function MemberRow({ me, guild, member: m, roles, name, actions }: MemberRowProps) {
  const { run, patch, timeout } = actions;
  return (
    <tr>
      <td>
        {name}
        {guild.owner_id === m.user_id && <span class="tag">OWNER</span>}
      </td>
      <td>
        <input
          aria-label={`Nickname of ${name}`}
          size={10}
          defaultValue={m.nickname ?? ""}
          onChange={(e) => void run(() => patch(m.user_id, { nickname: e.currentTarget.value || null }))}
        />
      </td>
      <td>
        <MemberRoles member={m} roles={roles} actions={actions} />
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
  );
}

/** A box per role of the server, ticked for the member's; a click gives or takes the role. */
function MemberRoles({
  member: m,
  roles,
  actions: { run, patch },
}: Omit<MemberRowProps, "me" | "guild" | "name">) {
  return (
    <>
      {roles.map((r) => (
        <label key={r.id} class="check">
          <input
            type="checkbox"
            checked={m.roles.includes(r.id)}
            onChange={(e) =>
              void run(() =>
                patch(m.user_id, {
                  roles: e.currentTarget.checked ? [...m.roles, r.id] : m.roles.filter((id) => id !== r.id),
                }),
              )
            }
          />
          {r.name}
        </label>
      ))}
    </>
  );
}
