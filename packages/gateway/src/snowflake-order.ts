/**
 * Compares two ids as the numbers they are (ids are decimal snowflakes; comparing them as text
 * would put "9" after "10"): negative when `a` is older, 0 when equal, positive when newer.
 */
export function compareIds(a: string, b: string): number {
  if (a.length !== b.length) return a.length - b.length;
  return a < b ? -1 : a > b ? 1 : 0;
}
