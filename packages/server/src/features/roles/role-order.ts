import { compareIds } from "../../kernel/ids.js";
import type { RoleRecord } from "../../kernel/world/records.js";
import type { Transaction } from "../../kernel/changes/transaction.js";
import type { World } from "../../kernel/world/world.js";

/** Every role of a server, highest first (the everyone role last). */
export function rolesHighestFirst(world: World, guildId: string): RoleRecord[] {
  return [...world.tables.roles.by("guild", guildId).values()].sort(
    (a, b) => b.position - a.position || Number(a.default) - Number(b.default) || compareIds(a.id, b.id),
  );
}

/** The server's roles other than the everyone role, lowest first (position, then id). */
export function rolesLowestFirst(tx: Transaction, guildId: string): RoleRecord[] {
  return [...tx.world.tables.roles.by("guild", guildId).values()]
    .filter((r) => !r.default)
    .sort((a, b) => a.position - b.position || compareIds(a.id, b.id));
}

/**
 * Gives the roles in `order` (lowest first) the positions 1..n (the everyone role stays 0), writing
 * each role whose position changed. Returns the roles as they were, by id, for those that moved.
 * `everyRole` emits a `GUILD_ROLE_UPDATE` for every role (a reorder), not only the moved ones.
 */
export function applyRoleOrder(
  tx: Transaction,
  guildId: string,
  order: readonly RoleRecord[],
  skipId: string | null = null,
  everyRole = false,
): Map<string, RoleRecord> {
  const moved = new Map<string, RoleRecord>();
  order.forEach((role, index) => {
    if (role.id === skipId) return;
    const current = tx.world.tables.roles.get(role.id) ?? role;
    const position = index + 1;
    if (current.position === position && !everyRole) return;
    const next = current.position === position ? current : { ...current, position };
    if (next !== current) {
      tx.put("roles", next);
      moved.set(role.id, current);
    }
    tx.emit({ type: "GUILD_ROLE_UPDATE", guildId, role: next, before: current });
  });
  return moved;
}
