/** The events whose payload is the server itself, carrying its id as `id` rather than `guild_id`. */
const SERVER_EVENTS: ReadonlySet<string> = new Set(["GUILD_CREATE", "GUILD_UPDATE", "GUILD_DELETE"]);

/**
 * The server a gateway event belongs to: its payload's `guild_id`, or the `id` of the server
 * events (`GUILD_CREATE`, `GUILD_UPDATE`, `GUILD_DELETE`); null for events of no server (`READY`,
 * a direct message). What keeps one server's events in order, in a bot and across a cluster.
 */
export function guildOfEvent(name: string, data: unknown): string | null {
  const payload = data as { guild_id?: unknown; id?: unknown } | null;
  if (typeof payload?.guild_id === "string") return payload.guild_id;
  if (SERVER_EVENTS.has(name) && typeof payload?.id === "string") return payload.id;
  return null;
}
