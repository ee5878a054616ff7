import { useState } from "preact/hooks";
import { api, type World } from "../../api";
import { Text } from "../../fields";
import { Panel } from "./panel";
import { type Run, useRun } from "./use-run";

/** The servers to pick from, a form to make one and one to rename the one picked. */
export function ServersPanel({
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
      <NewServerForm me={me} onSelect={onSelect} run={run} />
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

/** Makes a server owned by `me` and picks it. */
function NewServerForm({
  me,
  onSelect,
  run,
}: {
  me: string | null;
  onSelect: (id: string) => void;
  run: Run;
}) {
  const [name, setName] = useState("");
  return (
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
  );
}
