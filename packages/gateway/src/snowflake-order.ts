/**
 * Compares two ids as the numbers they are (ids are decimal snowflakes; comparing them as text
 * would put "9" after "10"): negative when `a` is older, 0 when equal, positive when newer.
 */
export function compareIds(a: string, b: string): number {
  if (a.length !== b.length) return a.length - b.length;
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * 2024-01-01T00:00:00Z: the interface's ids hold the milliseconds since then in their bits above
 * the 22 low ones (a 5-bit worker, a 17-bit sequence; see the reference server's ids).
 */
const ID_EPOCH = 1_704_067_200_000n;

/** When `id` was made (Unix ms). */
export function idTime(id: string): number {
  return Number((BigInt(id) >> 22n) + ID_EPOCH);
}

/** The id just below every id made at or after `ms`: reading "newer than" it starts at `ms`. */
export function idBefore(ms: number): string {
  const at = (BigInt(Math.floor(ms)) - ID_EPOCH) << 22n;
  return at > 0n ? (at - 1n).toString() : "0";
}

/** The id just below `id` (a cursor that leaves `id` still to be read). */
export function previousId(id: string): string {
  const n = BigInt(id);
  return n > 0n ? (n - 1n).toString() : "0";
}
