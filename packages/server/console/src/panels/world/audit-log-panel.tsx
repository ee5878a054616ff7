import { useState } from "preact/hooks";
import { api, describe, type World } from "../../api";
import { type Live, touched, useLiveEffect } from "../../live";
import { Panel } from "./panel";
import type { Guild } from "./panel-props";

/** An entry of a server's audit log as the dev API answers it. */
interface AuditEntry {
  id: string;
  action: string;
  user_id: string | null;
  target_id: string | null;
  reason?: string | null;
  created_at?: number;
  [key: string]: unknown;
}

/** The last 50 entries of a server's audit log, read again when it grows. */
export function AuditLogPanel({ guild, live, world }: { guild: Guild; live: Live; world: World }) {
  const [entries, setEntries] = useState<AuditEntry[]>([]);
  const [error, setError] = useState<string | null>(null);
  useLiveEffect(
    live,
    (n) => touched(n, "audit_log"),
    () => {
      api<AuditEntry[]>("GET", `/dev/v1/guilds/${guild.id}/audit-log?limit=50`).then(
        (list) => {
          setEntries(list);
          setError(null);
        },
        (failure: unknown) => setError(describe(failure)),
      );
    },
    [guild.id],
  );
  const who = (id: string | null) => (id ? (world.users.find((u) => u.id === id)?.username ?? id) : "—");
  return (
    <Panel title="Audit log">
      {error && <p class="error">{error}</p>}
      {entries.length === 0 ? (
        <p class="muted">Nothing yet.</p>
      ) : (
        <table class="grid">
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.id}>
                <td class="muted">
                  {entry.created_at
                    ? new Date(entry.created_at).toISOString().slice(0, 19).replace("T", " ")
                    : ""}
                </td>
                <td>{entry.action}</td>
                <td>by {who(entry.user_id)}</td>
                <td>{entry.reason ?? ""}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Panel>
  );
}
