import { useEffect, useState } from "preact/hooks";
import { PERMISSION_NAMES } from "@chatbot/protocol/constants";
import { api, type World } from "../../api";
import { Pick } from "../../fields";
import type { Run } from "./use-run";

type Channel = World["channels"][number];
type Overwrite = Channel["overwrites"][number];

/**
 * The overwrites of the channel being edited (`editing`, the id; `edited`, the channel) as the
 * person changes them, not saved yet.
 */
export function useOverwriteDraft(editing: string | null, edited: Channel | undefined) {
  const [overwrites, setOverwrites] = useState<Overwrite[]>([]);
  const [target, setTarget] = useState("");
  // The overwrites as they were when editing began: a change elsewhere in the world (read again as it
  // happens) must not wipe the edits not saved yet.
  useEffect(() => setOverwrites(edited ? edited.overwrites.map((o) => ({ ...o })) : []), [editing]);
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
  return { overwrites, setOverwrites, setPermission, target, setTarget };
}

type Draft = ReturnType<typeof useOverwriteDraft>;

/** Who an overwrite may be for, and their names. */
interface Targets {
  roles: World["roles"];
  members: World["members"];
  userName: (id: string) => string;
  roleName: (id: string) => string;
}

/** The permission overwrites of one channel: allow, deny or neither for each permission, per role or member. */
export function OverwritesEditor({
  me,
  channel,
  draft,
  targets,
  run,
}: {
  me: string;
  channel: Channel;
  draft: Draft;
  targets: Targets;
  run: Run;
}) {
  const { overwrites, setOverwrites } = draft;
  const { roleName, userName } = targets;
  return (
    <div class="overwrites" aria-label={`Overwrites of #${channel.name}`}>
      <h4>Permission overwrites of #{channel.name}</h4>
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
          <OverwriteGrid
            overwrite={o}
            who={o.type === "role" ? roleName(o.id) : userName(o.id)}
            set={(name, value) => draft.setPermission(index, name, value)}
          />
        </details>
      ))}
      <div class="inline">
        <AddOverwrite draft={draft} targets={targets} />
        <button
          type="button"
          onClick={() =>
            void run(
              () => api("PATCH", `/dev/v1/channels/${channel.id}`, { as: me, body: { overwrites } }),
              "overwrites saved",
            )
          }
        >
          Save overwrites
        </button>
      </div>
    </div>
  );
}

/** Allow, deny or neither for each permission of one overwrite (`who` it is for). */
function OverwriteGrid({
  overwrite: o,
  who,
  set,
}: {
  overwrite: Overwrite;
  who: string;
  set: (name: string, value: "allow" | "deny" | "") => void;
}) {
  return (
    <div class="perm-grid">
      {PERMISSION_NAMES.map((name) => (
        <label key={name}>
          <Pick
            label={`${name} for ${who}`}
            value={o.allow.includes(name) ? "allow" : o.deny.includes(name) ? "deny" : ""}
            set={(v) => set(name, v as "allow" | "deny" | "")}
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
  );
}

/** A role or member to add an overwrite for. */
function AddOverwrite({ draft, targets }: { draft: Draft; targets: Targets }) {
  const { overwrites, setOverwrites, target, setTarget } = draft;
  const { roles, members, userName } = targets;
  return (
    <>
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
    </>
  );
}
