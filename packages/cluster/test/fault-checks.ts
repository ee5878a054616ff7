// What the fault suite checks after each fault, on the recorder's log and the posts the service kept.
import type { Recorded, Sent } from "./fault-cluster.js";

/** The posts kept and never handled (no `done` line). */
export function unhandled(sent: readonly Sent[], records: readonly Recorded[]): string[] {
  const done = new Set(records.filter((r) => r.kind === "done").map((r) => r.text));
  return sent.filter((s) => !done.has(s.content)).map((s) => s.content);
}

/** One finding of a check, with the server it concerns. */
export interface Finding {
  readonly server: number;
  readonly says: string;
}

/** The most findings any one server has (a worker stall may leave one per server it was running). */
export function mostOfOneServer(findings: readonly Finding[]): number {
  const counts = new Map<number, number>();
  for (const f of findings) counts.set(f.server, (counts.get(f.server) ?? 0) + 1);
  return Math.max(0, ...counts.values());
}

/**
 * Handlers of one server that ran in two processes at the same time (the log's lines are in the
 * order the processes appended them): each entry that was running in one process while another
 * started one of the same server, as `<content> on <node> (beside <other> <content>)`, once.
 */
export function overlaps(sent: readonly Sent[], records: readonly Recorded[]): Finding[] {
  const serverOf = new Map(sent.map((s) => [s.content, s.server]));
  const running = new Map<number, Map<string, Set<string>>>();
  const found = new Map<string, Finding>();
  for (const r of records) {
    const server = serverOf.get(r.text);
    if (server === undefined || r.kind === "job") continue;
    const nodes = running.get(server) ?? new Map<string, Set<string>>();
    running.set(server, nodes);
    const mine = nodes.get(r.node) ?? new Set<string>();
    nodes.set(r.node, mine);
    if (r.kind === "done") {
      mine.delete(r.text);
      continue;
    }
    for (const [other, theirs] of nodes) {
      if (other === r.node) continue;
      for (const text of theirs) {
        const key = `${text} on ${other}`;
        if (!found.has(key)) found.set(key, { server, says: `${key} (beside ${r.node} ${r.text})` });
      }
    }
    mine.add(r.text);
  }
  return [...found.values()];
}

/** Per server, the posts first handled after a later one of the same server. */
export function outOfOrder(sent: readonly Sent[], records: readonly Recorded[]): Finding[] {
  const byContent = new Map(sent.map((s) => [s.content, s]));
  const seen = new Set<string>();
  const greatest = new Map<number, number>();
  const found: Finding[] = [];
  for (const r of records) {
    const s = byContent.get(r.text);
    if (r.kind !== "done" || !s || seen.has(r.text)) continue;
    seen.add(r.text);
    const before = greatest.get(s.server) ?? -1;
    if (s.n < before) found.push({ server: s.server, says: `${s.content} after step ${before}` });
    else greatest.set(s.server, s.n);
  }
  return found;
}

/** Jobs of `runs` that did not fire exactly once: `<run> fired <k> times`. */
export function jobsNotOnce(runs: readonly string[], records: readonly Recorded[]): string[] {
  const fired = new Map<string, number>();
  for (const r of records) {
    if (r.kind !== "job") continue;
    const run = r.text.split(" ")[0]!;
    fired.set(run, (fired.get(run) ?? 0) + 1);
  }
  return runs.filter((run) => fired.get(run) !== 1).map((run) => `${run} fired ${fired.get(run) ?? 0} times`);
}
