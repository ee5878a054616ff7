import { useState } from "preact/hooks";
import type { InspectorRecord } from "../../api";

/** A record's time of day (UTC) to the millisecond. */
function time(ms: number): string {
  return new Date(ms).toISOString().slice(11, 23);
}

/** What a record says, in one line. */
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

/** One record of the timeline: its line, why it was refused, and (opened) its steps and payload. */
export function RecordRow({ record }: { record: InspectorRecord }) {
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
