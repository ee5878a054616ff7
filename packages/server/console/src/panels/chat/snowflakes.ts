/** Orders snowflakes (decimal strings) as numbers. */
export function compareIds(a: string, b: string): number {
  return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
}

/** The snowflake just before `id`, so that `after=` includes `id` itself. */
export function idBefore(id: string): string {
  return (BigInt(id) - 1n).toString();
}
