/** A reaction's emoji as the API names it in a path: `name`, or `name:id` for a server's own. */
export function emojiKey(emoji: { name: string; id?: string | null }): string {
  return emoji.id ? `${emoji.name}:${emoji.id}` : emoji.name;
}

/** An embed's colour for CSS: a `#rrggbb` string as it is, a number as `#rrggbb`. */
export function colorOf(value: string | number | undefined): string | undefined {
  return typeof value === "number" ? `#${value.toString(16).padStart(6, "0")}` : value;
}

/** A message's time of day (UTC) from its `created_at` in Unix milliseconds. */
export function when(createdAt: number): string {
  return new Date(createdAt).toISOString().slice(11, 16);
}
