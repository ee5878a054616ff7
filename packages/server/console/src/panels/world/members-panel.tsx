import { useState } from "preact/hooks";
import { api } from "../../api";
import { Pick, Text } from "../../fields";
import { Grid } from "./grid";
import { MemberRow } from "./member-row";
import { Panel } from "./panel";
import type { PanelProps } from "./panel-props";
import { type Run, useRun } from "./use-run";

/** A server's members: nicknames, roles, timeouts, kicks and bans; people added; bans lifted. */
export function MembersPanel({ me, world, guild, onChanged }: PanelProps) {
  const members = world.members.filter((m) => m.guild_id === guild.id);
  const roles = world.roles.filter((r) => r.guild_id === guild.id && r.id !== guild.everyone_role_id);
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
          <MemberRow
            key={m.user_id}
            me={me}
            guild={guild}
            member={m}
            roles={roles}
            name={userName(m.user_id)}
            actions={{ run, patch, timeout }}
          />
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
      <Bans {...{ me, world, guild, run, userName }} />
      {note}
    </Panel>
  );
}

/** The people banned from the server, each with a button to lift the ban; nothing when none is. */
function Bans({
  me,
  world,
  guild,
  run,
  userName,
}: Omit<PanelProps, "onChanged"> & { run: Run; userName: (id: string) => string }) {
  const bans = (world.bans ?? []).filter((b) => b.guild_id === guild.id);
  if (bans.length === 0) return null;
  return (
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
  );
}
