import { useState } from "preact/hooks";
import { INTENTS, PERMISSION_NAMES, SCOPES } from "@chatbot/protocol/constants";
import { api, type World } from "../../api";
import { Pick } from "../../fields";
import { Checks } from "./checks";
import { Grid } from "./grid";
import { Panel } from "./panel";
import type { PanelProps } from "./panel-props";
import { type Run, useRun } from "./use-run";

/** The apps installed in a server, with their scopes, intents and permissions; uninstalled and installed. */
export function InstallsPanel({ me, world, guild, onChanged }: PanelProps) {
  const installs = world.installs.filter((i) => i.guild_id === guild.id);
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
      <InstallForm me={me} guildId={guild.id} free={free} run={run} />
      {note}
    </Panel>
  );
}

/** Installs one of the apps not installed yet, with the scopes, intents and permissions ticked. */
function InstallForm({
  me,
  guildId,
  free,
  run,
}: {
  me: string;
  guildId: string;
  free: World["apps"];
  run: Run;
}) {
  const [appId, setAppId] = useState("");
  const [scopes, setScopes] = useState<string[]>(["commands", "messages.read", "messages.send"]);
  const [intents, setIntents] = useState<string[]>(["guilds", "guild_messages"]);
  const [permissions, setPermissions] = useState<string[]>([
    "view_channels",
    "send_messages",
    "read_message_history",
  ]);
  return (
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
              api("POST", `/dev/v1/guilds/${guildId}/installs`, {
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
  );
}
