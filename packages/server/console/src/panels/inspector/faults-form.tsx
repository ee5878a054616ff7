import { useState } from "preact/hooks";
import { api, describe, type World } from "../../api";
import { Pick, Text } from "../../fields";

type FaultKind = "close_gateway" | "http" | "latency";

/** The fault's settings as typed, each a text box's value. */
interface FaultSettings {
  code: string;
  status: string;
  count: string;
  ms: string;
}

/** The body of `POST /dev/v1/faults` for a fault of `kind` on the app `app`. */
function faultBody(app: string, kind: FaultKind, { code, status, count, ms }: FaultSettings) {
  if (kind === "close_gateway") return { app_id: app, kind, code: Number(code) };
  if (kind === "http") return { app_id: app, kind, status: Number(status), count: Number(count) };
  return { app_id: app, kind, ms: Number(ms), count: Number(count) };
}

/** Injects a fault for an app (its gateway closed, HTTP errors, latency), or clears every pending one. */
export function FaultsForm({ world }: { world: World | null }) {
  const apps = world?.apps ?? [];
  const [appId, setAppId] = useState("");
  const [kind, setKind] = useState<FaultKind>("http");
  const [settings, setSettings] = useState<FaultSettings>({
    code: "4000",
    status: "503",
    count: "1",
    ms: "2000",
  });
  const [said, setSaid] = useState<string | null>(null);
  const app = appId || apps[0]?.id || "";
  const send = async (event: Event) => {
    event.preventDefault();
    try {
      const made = await api<{ id: string }>("POST", "/dev/v1/faults", {
        body: faultBody(app, kind, settings),
      });
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
        set={(v) => setKind(v as FaultKind)}
        choices={[
          ["http", "HTTP error"],
          ["latency", "latency"],
          ["close_gateway", "close gateway"],
        ]}
      />
      <FaultFields kind={kind} settings={settings} set={(more) => setSettings((s) => ({ ...s, ...more }))} />
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

/** The settings a fault of `kind` takes. */
function FaultFields({
  kind,
  settings,
  set,
}: {
  kind: FaultKind;
  settings: FaultSettings;
  set: (more: Partial<FaultSettings>) => void;
}) {
  return (
    <>
      {kind === "close_gateway" && (
        <Text label="Close code" size={5} value={settings.code} set={(code) => set({ code })} />
      )}
      {kind === "http" && (
        <Pick
          label="Status"
          value={settings.status}
          set={(status) => set({ status })}
          choices={["429", "500", "503"].map((s) => [s, s] as const)}
        />
      )}
      {kind === "latency" && (
        <Text label="Latency (ms)" size={6} value={settings.ms} set={(ms) => set({ ms })} />
      )}
      {kind !== "close_gateway" && (
        <Text label="Count" size={3} value={settings.count} set={(count) => set({ count })} />
      )}
    </>
  );
}
