import type { Kernel } from "../../kernel/kernel.js";
import { InvalidBodyError, MissingPermissionError } from "../../kernel/errors/api-error.js";
import { canManageRole } from "../../kernel/permissions/hierarchy.js";
import type { RoleRecord } from "../../kernel/world/records.js";
import { visibleGuild } from "../../kernel/visibility/access.js";
import type { PersonActor } from "../../kernel/actors/actor.js";
import { writeAudit } from "../../kernel/audit/audit.js";
import { applyRoleOrder, rolesHighestFirst, rolesLowestFirst } from "./role-order.js";
import { roleIn, roleManager } from "./roles.js";

/** One entry of a reorder: the role and the position it should get (1 = just above everyone). */
export interface RolePosition {
  readonly id: string;
  readonly position: number;
}

/**
 * Moves roles (`PATCH /dev/v1/guilds/{id}/roles`), as a person with `manage_roles`: each moved role
 * must be below the actor's highest and land below it. Sends a `GUILD_ROLE_UPDATE` for every role
 * of the server. Returns the roles, highest first.
 */
export function reorderRoles(
  core: Kernel,
  actor: PersonActor,
  guildId: string,
  positions: readonly RolePosition[],
): RoleRecord[] {
  return core.transact((tx) => {
    const guild = visibleGuild(core, actor, guildId);
    const standing = roleManager(core, actor, guild);
    const seen = new Set<string>();
    positions.forEach((entry, index) => {
      const role = roleIn(tx, guildId, entry.id);
      if (role.default) throw InvalidBodyError.at(`${index}.id`, "the everyone role stays at position 0");
      if (seen.has(entry.id)) throw InvalidBodyError.at(`${index}.id`, "the role is listed twice");
      seen.add(entry.id);
      if (!canManageRole(standing, role.position) || !canManageRole(standing, entry.position)) {
        throw new MissingPermissionError(
          "manage_roles",
          `the role ${role.name} cannot move above your highest role`,
        );
      }
    });
    const order = rolesLowestFirst(tx, guildId).filter((r) => !seen.has(r.id));
    for (const entry of [...positions].sort((a, b) => a.position - b.position)) {
      const role = roleIn(tx, guildId, entry.id);
      order.splice(Math.min(Math.max(entry.position, 1), order.length + 1) - 1, 0, role);
    }
    const moved = applyRoleOrder(tx, guildId, order, null, true);
    for (const [id, before] of moved) {
      const after = tx.world.tables.roles.get(id)!;
      writeAudit(core, tx, {
        guildId,
        action: "role_update",
        userId: actor.user.id,
        targetId: id,
        changes: [{ key: "position", old_value: before.position, new_value: after.position }],
      });
    }
    return rolesHighestFirst(tx.world, guildId);
  });
}
