import type { ServerView } from "./server-view.js";

/**
 * Bytes each kind takes in the view, as measured on Node's 64-bit heap (heap after a full GC,
 * divided by the count; `bench/world-view.mjs` and the gateway's memory test), rounded up:
 * estimates, not a reading of the heap. A server's own includes its map and `me`; categories,
 * emojis and people are counted apart.
 */
export const BYTES_EACH = {
  server: 1_300,
  channel: 190,
  role: 140,
  category: 120,
  emoji: 150,
  member: 190,
} as const;

/** Counts of what a world view holds, and estimated bytes by kind. */
export interface WorldStats {
  readonly servers: number;
  readonly channels: number;
  readonly roles: number;
  readonly categories: number;
  readonly emojis: number;
  /** People met and kept, whole members and users only. */
  readonly members: number;
  /** Estimated bytes of each kind, and in all (see `BYTES_EACH`). */
  readonly bytes: {
    readonly servers: number;
    readonly channels: number;
    readonly roles: number;
    readonly categories: number;
    readonly emojis: number;
    readonly members: number;
    readonly total: number;
  };
}

/** Counts the servers' contents. */
export function worldStats(servers: Iterable<ServerView>): WorldStats {
  let count = 0;
  let channels = 0;
  let roles = 0;
  let categories = 0;
  let emojis = 0;
  let members = 0;
  for (const server of servers) {
    count++;
    channels += server.channels.size;
    roles += server.roles.size;
    categories += server.categories.size;
    emojis += server.emojis?.length ?? 0;
    members += server.members.size;
  }
  const bytes = {
    servers: count * BYTES_EACH.server,
    channels: channels * BYTES_EACH.channel,
    roles: roles * BYTES_EACH.role,
    categories: categories * BYTES_EACH.category,
    emojis: emojis * BYTES_EACH.emoji,
    members: members * BYTES_EACH.member,
  };
  const total = Object.values(bytes).reduce((a, b) => a + b, 0);
  return { servers: count, channels, roles, categories, emojis, members, bytes: { ...bytes, total } };
}
