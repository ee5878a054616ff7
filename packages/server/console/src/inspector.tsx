import { Alert } from "./alert";
import { useState } from "preact/hooks";
import { api, describe, type InspectorRecord, type World } from "./api";
import { Pick, Text } from "./fields";

const KINDS = ["rest", "webhook", "session", "gateway", "interaction"] as const;
const SHOWN = 300;

function time(ms: number): string {
  return new Date(ms).toISOString().slice(11, 23);
}

function summary(record: InspectorRecord): string {
  switch (record.kind) {
    case "rest":
    case "webhook":
      return `${record.method} ${record.path} → ${record.status === 0 ? "no answer" : record.status} (${record.duration_ms} ms)`;
    case "session":
      if (record.action === "closed")
        return `session closed ${record.close_code ?? ""}${record.reason ? ` "${record.reason}"` : ""}`;
      if (record.action === "opened") return "session opened";
      return `session identified: intents ${record.intents_granted?.join(", ") || "none"}${
        record.intents_requested && record.intents_requested.length > (record.intents_granted?.length ?? 0)
          ? ` (asked for ${record.intents_requested.join(", ")})`
          : ""
      }`;
    case "gateway":
      return `→ ${record.event} (s ${record.sequence})`;
    case "interaction":
      return `/${record.command_name} ${record.state}${record.notice ? ` (${record.notice})` : ""}`;
  }
}

function Row({ record }: { record: InspectorRecord }) {
  const [open, setOpen] = useState(false);
  const refused =
    (record.status ?? 0) >= 400 ||
    (record.kind === "session" && record.action === "closed" && (record.close_code ?? 1000) >= 4000);
  const detail =
    record.kind === "gateway" ? record.data : (record.error ?? (record.kind === "session" ? record : null));
  return (
    <li class={`record ${record.kind}${refused ? " refused" : ""}`} data-seq={record.seq}>
      <button type="button" class="record-line" onClick={() => setOpen(!open)} aria-expanded={open}>
        <span class="time">{time(record.time)}</span>
        <span class={`kind ${record.kind}`}>{record.kind}</span>
        <span class="app">{record.app_name ?? "—"}</span>
        <span class="what">{summary(record)}</span>
      </button>
      {record.explanation && (
        <div class="explanation">
          <p class="why">
            <strong>Why:</strong> {record.explanation.summary}
          </p>
          {open && (
            <ol class="steps">
              {record.explanation.steps.map((step, i) => (
                <li key={i} class={`step ${step.effect}`}>
                  <span class="source">{step.source.replace("_", " ")}</span> {step.text}
                </li>
              ))}
            </ol>
          )}
        </div>
      )}
      {open && detail !== null && detail !== undefined && (
        <pre class="payload">
          {record.truncated ? "(over 64 KiB: not kept)" : JSON.stringify(detail, null, 2)}
        </pre>
      )}
    </li>
  );
}

function Faults({ world }: { world: World | null }) {
  const apps = world?.apps ?? [];
  const [appId, setAppId] = useState("");
  const [kind, setKind] = useState<"close_gateway" | "http" | "latency">("http");
  const [code, setCode] = useState("4000");
  const [status, setStatus] = useState("503");
  const [count, setCount] = useState("1");
  const [ms, setMs] = useState("2000");
  const [said, setSaid] = useState<string | null>(null);
  const app = appId || apps[0]?.id || "";
  const send = async (event: Event) => {
    event.preventDefault();
    const body =
      kind === "close_gateway"
        ? { app_id: app, kind, code: Number(code) }
        : kind === "http"
          ? { app_id: app, kind, status: Number(status), count: Number(count) }
          : { app_id: app, kind, ms: Number(ms), count: Number(count) };
    try {
      const made = await api<{ id: string }>("POST", "/dev/v1/faults", { body });
      setSaid(`fault ${made.id} set`);
    } catch (failure) {
      setSaid(describe(failure));
    }
  };
  return (
    <form class="faults" onSubmit={send} aria-label="Faults">
      <strong>Faults</strong>
      <Pick label="Fault app" value={app} set={setAppId} choices={apps.map((a) => [a.id, a.name] as const)} />
      <Pick
        label="Fault kind"
        value={kind}
        set={(v) => setKind(v as typeof kind)}
        choices={[
          ["http", "HTTP error"],
          ["latency", "latency"],
          ["close_gateway", "close gateway"],
        ]}
      />
      {kind === "close_gateway" && <Text label="Close code" size={5} value={code} set={setCode} />}
      {kind === "http" && (
        <Pick
          label="Status"
          value={status}
          set={setStatus}
          choices={["429", "500", "503"].map((s) => [s, s] as const)}
        />
      )}
      {kind === "latency" && <Text label="Latency (ms)" size={6} value={ms} set={setMs} />}
      {kind !== "close_gateway" && <Text label="Count" size={3} value={count} set={setCount} />}
      <button type="submit" disabled={!app}>
        Inject
      </button>
      <button
        type="button"
        onClick={() =>
          void api("DELETE", "/dev/v1/faults").then(
            () => setSaid("every pending fault cleared"),
            (f: unknown) => setSaid(describe(f)),
          )
        }
      >
        Clear all
      </button>
      {said && <span class="muted">{said}</span>}
    </form>
  );
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
  const [app, setApp] = useState("");
  const [kinds, setKinds] = useState<Set<string>>(new Set(KINDS.filter((k) => k !== "gateway")));
  const [refusedOnly, setRefusedOnly] = useState(false);
  const shown = records
    .filter((r) => (app === "" || r.app_id === app) && kinds.has(r.kind))
    .filter((r) => !refusedOnly || (r.status ?? 0) >= 400 || r.explanation)
    .slice(-SHOWN)
    .reverse();
  return (
    <section class="inspector" aria-label="Inspector">
      <div class="filters">
        <select aria-label="App" value={app} onChange={(e) => setApp(e.currentTarget.value)}>
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
                setKinds(next);
              }}
            />
            {kind === "gateway" ? "frames" : kind}
          </label>
        ))}
        <label class="check">
          <input
            type="checkbox"
            checked={refusedOnly}
            onChange={(e) => setRefusedOnly(e.currentTarget.checked)}
          />
          refusals only
        </label>
      </div>
      <Faults world={world} />
      <Alert text={error && `The inspector could not be read: ${error}`} />
      {shown.length === 0 ? (
        <p class="muted">Nothing yet: what the service does for your bot shows up here as it happens.</p>
      ) : (
        <ol class="records">
          {shown.map((record) => (
            <Row key={record.seq} record={record} />
          ))}
        </ol>
      )}
    </section>
  );
}
