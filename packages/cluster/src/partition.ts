import type { GatewayDispatch } from "@chatbot/gateway";
import { guildOfEvent } from "@chatbot/protocol";

/**
 * The partition of a server: FNV-1a of its id, modulo the partition count. Every process computes
 * the same one, so all events of one server go through one stream, in order.
 */
export function partitionOf(guildId: string, partitions: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < guildId.length; i++) {
    hash ^= guildId.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % partitions;
}

/**
 * The server an event belongs to (`GUILD_CREATE` and the like carry it as `id`), `""` for none:
 * `@chatbot/protocol`'s `guildOfEvent`, which the framework orders a server's events by too.
 */
export function guildOf(event: GatewayDispatch): string {
  return guildOfEvent(event.name, event.data) ?? "";
}
