import { useState } from "preact/hooks";
import { Alert } from "../../alert";
import type { InspectorRecord, World } from "../../api";
import { FaultsForm } from "./faults-form";
import { RecordRow } from "./record-row";

const KINDS = ["rest", "webhook", "session", "gateway", "interaction"] as const;
/** The most records on screen, newest first. */
const SHOWN = 300;

/** Which records the timeline shows: one app's or every app's, of the kinds ticked, refusals only or all. */
interface Filter {
  app: string;
  kinds: Set<string>;
  refusedOnly: boolean;
}

/** The live timeline of what the service did for each app, refusals explained. */
export function InspectorView({
  records,
  world,
  error,
}: {
  records: InspectorRecord[];
  world: World | null;
  error: string | null;
}) {
  const [filter, setFilter] = useState<Filter>(() => ({
    app: "",
    kinds: new Set(KINDS.filter((k) => k !== "gateway")),
    refusedOnly: false,
  }));
  const { app, kinds, refusedOnly } = filter;
  const shown = records
    .filter((r) => (app === "" || r.app_id === app) && kinds.has(r.kind))
    .filter((r) => !refusedOnly || (r.status ?? 0) >= 400 || r.explanation)
    .slice(-SHOWN)
    .reverse();
  return (
    <section class="inspector" aria-label="Inspector">
      <Filters world={world} filter={filter} set={(more) => setFilter((f) => ({ ...f, ...more }))} />
      <FaultsForm world={world} />
      <Alert text={error && `The inspector could not be read: ${error}`} />
      {shown.length === 0 ? (
        <p class="muted">Nothing yet: what the service does for your bot shows up here as it happens.</p>
      ) : (
        <ol class="records">
          {shown.map((record) => (
            <RecordRow key={record.seq} record={record} />
          ))}
        </ol>
      )}
    </section>
  );
}

/** The app to show, a box per kind of record, and one for refusals only. */
function Filters({
  world,
  filter: { app, kinds, refusedOnly },
  set,
}: {
  world: World | null;
  filter: Filter;
  set: (more: Partial<Filter>) => void;
}) {
  return (
    <div class="filters">
      <select aria-label="App" value={app} onChange={(e) => set({ app: e.currentTarget.value })}>
        <option value="">every app</option>
        {(world?.apps ?? []).map((a) => (
          <option key={a.id} value={a.id}>
            {a.name}
          </option>
        ))}
      </select>
      {KINDS.map((kind) => (
        <label key={kind} class="check">
          <input
            type="checkbox"
            checked={kinds.has(kind)}
            onChange={(e) => {
              const next = new Set(kinds);
              if (e.currentTarget.checked) next.add(kind);
              else next.delete(kind);
              set({ kinds: next });
            }}
          />
          {kind === "gateway" ? "frames" : kind}
        </label>
      ))}
      <label class="check">
        <input
          type="checkbox"
          checked={refusedOnly}
          onChange={(e) => set({ refusedOnly: e.currentTarget.checked })}
        />
        refusals only
      </label>
    </div>
  );
}
