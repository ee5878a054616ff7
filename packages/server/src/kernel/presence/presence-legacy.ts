import { ID_EPOCH } from "../ids.js";
import type { ConnectedSpan, PresenceRecord } from "../world/records.js";

/** A presence row as data files written before connected spans kept it: clock readings. */
interface LegacyPresenceRow {
  readonly application_id: string;
  readonly intervals: readonly (readonly [number, number | null])[];
}

const MAX_ID = (1n << 64n) - 1n;

function clampId(value: bigint): string {
  return (value < 0n ? 0n : value > MAX_ID ? MAX_ID : value).toString();
}

/** The position just before every id made at `ms` (ids carry their millisecond in the high bits). */
function positionBefore(ms: number): string {
  return clampId((BigInt(Math.floor(ms) - ID_EPOCH) << 22n) - 1n);
}

/** The position just after every id made at `ms`. */
function positionAfter(ms: number): string {
  return clampId(BigInt(Math.floor(ms) - ID_EPOCH + 1) << 22n);
}

function isLegacy(row: unknown): row is LegacyPresenceRow {
  return (
    typeof row === "object" &&
    row !== null &&
    !("spans" in row) &&
    Array.isArray((row as { intervals?: unknown }).intervals)
  );
}

/**
 * A presence row of a data file in the shape it has now. Older files kept clock intervals
 * `[from, to]` (milliseconds, both ends included); each becomes the span of every id made in those
 * milliseconds, which is what the old rule read (a message's time is the one in its id). Rows in
 * the current shape are returned as they are.
 */
export function upgradePresenceRow(row: PresenceRecord | LegacyPresenceRow): PresenceRecord {
  if (!isLegacy(row)) return row;
  const spans: ConnectedSpan[] = row.intervals
    .filter(([from, to]) => Number.isFinite(from) && (to === null || Number.isFinite(to)))
    .map(([from, to]) => [positionBefore(from), to === null ? null : positionAfter(to)]);
  return { application_id: row.application_id, spans };
}
