import type { MemberRecord } from "../../kernel/world/records.js";
import { pairKey, type World } from "../../kernel/world/world.js";

/** A page request of a server's members: `limit` of them, after the user id `after` (exclusive). */
export interface MemberPage {
  readonly limit: number;
  readonly after?: string | undefined;
}

/**
 * A page of a server's members in user id order (ids compared as numbers), read from the world's
 * ordered member index: O(log n + limit) however many members the server has.
 */
export function memberPage(world: World, guildId: string, page: MemberPage): MemberRecord[] {
  const members: MemberRecord[] = [];
  const table = world.tables.members;
  world.tables.members.ordered("guild", guildId).walkUp({ after: page.after }, (userId) => {
    const member = table.get(pairKey(guildId, userId));
    if (member) members.push(member);
    return members.length < page.limit;
  });
  return members;
}
