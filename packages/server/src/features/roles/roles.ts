import type { PermissionName } from "@chatbot/protocol";
import type { Kernel } from "../../kernel/kernel.js";
import {
  InvalidBodyError,
  MissingPermissionError,
  UnknownObjectError,
} from "../../kernel/errors/api-error.js";
import { hasPermission } from "../../kernel/permissions/compute.js";
import { canManageRole, type HierarchyStanding } from "../../kernel/permissions/hierarchy.js";
import type { GuildRecord, RoleRecord } from "../../kernel/world/records.js";
import type { Transaction } from "../../kernel/changes/transaction.js";
import { requireGuildPermission, visibleGuild } from "../../kernel/visibility/access.js";
import type { PersonActor } from "../../kernel/actors/actor.js";
import { diffChanges, writeAudit } from "../../kernel/audit/audit.js";
import { applyRoleOrder, rolesLowestFirst } from "./role-order.js";

/** Fields of a role a person may set. */
export interface RoleInput {
  readonly name?: string | undefined;
  readonly permissions?: readonly PermissionName[] | undefined;
  readonly color?: string | null | undefined;
  readonly hoist?: boolean | undefined;
  readonly mentionable?: boolean | undefined;
  readonly position?: number | undefined;
}

const ROLE_KEYS = ["name", "permissions", "color", "hoist", "mentionable", "position"] as const;

/** Checks `manage_roles` and returns where the actor stands. */
export function roleManager(core: Kernel, actor: PersonActor, guild: GuildRecord): HierarchyStanding {
  requireGuildPermission(core, actor, guild, "manage_roles");
  return core.engine.standing(guild, actor.user.id);
}

/** Refuses managed roles and roles not strictly below the actor's highest. */
export function requireManageable(standing: HierarchyStanding, role: RoleRecord): void {
  if (role.managed) {
    throw new MissingPermissionError("manage_roles", `the role ${role.name} is managed by its app's install`);
  }
  if (!role.default && !canManageRole(standing, role.position)) {
    throw new MissingPermissionError("manage_roles", `the role ${role.name} is not below your highest role`);
  }
}

/** A person grants only permissions they hold themselves (owner and administrator hold all). */
export function requireGrantable(
  core: Kernel,
  actor: PersonActor,
  guild: GuildRecord,
  permissions: readonly PermissionName[],
): void {
  const bits = core.engine.guildBits(guild, actor.user.id);
  for (const name of permissions) {
    if (!hasPermission(bits, name)) {
      throw new MissingPermissionError(name, `you cannot grant ${name}, which you do not hold`);
    }
  }
}

function requirePositionBelow(standing: HierarchyStanding, position: number): void {
  if (!canManageRole(standing, position)) {
    throw new MissingPermissionError("manage_roles", `position ${position} is not below your highest role`);
  }
}

/** The role `roleId` of `guildId`, or `404 unknown_role`. */
export function roleIn(tx: Transaction, guildId: string, roleId: string): RoleRecord {
  const role = tx.world.tables.roles.get(roleId);
  if (!role || role.guild_id !== guildId) throw new UnknownObjectError("role");
  return role;
}

/** Creates a role (default: just above the everyone role), as a person with `manage_roles`. */
export function createRole(core: Kernel, actor: PersonActor, guildId: string, input: RoleInput): RoleRecord {
  return core.transact((tx) => {
    const guild = visibleGuild(core, actor, guildId);
    const standing = roleManager(core, actor, guild);
    const permissions = input.permissions ?? [];
    requireGrantable(core, actor, guild, permissions);
    const order = rolesLowestFirst(tx, guildId);
    const position = Math.min(input.position ?? 1, order.length + 1);
    requirePositionBelow(standing, position);
    const role: RoleRecord = {
      id: core.ids.next(),
      guild_id: guildId,
      name: input.name ?? "new role",
      color: input.color ?? null,
      position,
      permissions,
      hoist: input.hoist ?? false,
      mentionable: input.mentionable ?? false,
      managed: false,
      application_id: null,
      default: false,
    };
    tx.put("roles", role);
    tx.emit({ type: "GUILD_ROLE_CREATE", guildId, role });
    order.splice(position - 1, 0, role);
    applyRoleOrder(tx, guildId, order, role.id);
    writeAudit(core, tx, { guildId, action: "role_create", userId: actor.user.id, targetId: role.id });
    return role;
  });
}

/** Changes a role, as a person with `manage_roles` above it. The everyone role keeps its name and place. */
export function updateRole(
  core: Kernel,
  actor: PersonActor,
  guildId: string,
  roleId: string,
  input: RoleInput,
): RoleRecord {
  return core.transact((tx) => {
    const guild = visibleGuild(core, actor, guildId);
    const standing = roleManager(core, actor, guild);
    const before = roleIn(tx, guildId, roleId);
    requireManageable(standing, before);
    if (before.default && input.name !== undefined && input.name !== before.name) {
      throw InvalidBodyError.at("name", "the everyone role cannot be renamed");
    }
    if (before.default && input.position !== undefined && input.position !== 0) {
      throw InvalidBodyError.at("position", "the everyone role stays at position 0");
    }
    if (input.permissions) {
      const added = input.permissions.filter((p) => !before.permissions.includes(p));
      requireGrantable(core, actor, guild, added);
    }
    let role: RoleRecord = {
      ...before,
      name: input.name ?? before.name,
      permissions: input.permissions ?? before.permissions,
      color: input.color === undefined ? before.color : input.color,
      hoist: input.hoist ?? before.hoist,
      mentionable: input.mentionable ?? before.mentionable,
    };
    const changes = diffChanges(before, role, ROLE_KEYS);
    if (changes.length > 0) {
      tx.put("roles", role);
      tx.emit({ type: "GUILD_ROLE_UPDATE", guildId, role, before });
    }
    if (!before.default && input.position !== undefined && input.position !== before.position) {
      const order = rolesLowestFirst(tx, guildId).filter((r) => r.id !== roleId);
      const position = Math.max(1, Math.min(input.position, order.length + 1));
      requirePositionBelow(standing, position);
      order.splice(position - 1, 0, role);
      applyRoleOrder(tx, guildId, order);
      role = tx.world.tables.roles.get(roleId) ?? role;
      changes.push({ key: "position", old_value: before.position, new_value: role.position });
    }
    if (changes.length > 0) {
      writeAudit(core, tx, {
        guildId,
        action: "role_update",
        userId: actor.user.id,
        targetId: roleId,
        changes,
      });
    }
    return role;
  });
}

/**
 * Removes a role from the world inside a transaction: from members, from channel overwrites (each
 * changed channel emits `CHANNEL_UPDATE`), then the role itself, and closes the gap in positions.
 */
export function removeRoleIn(tx: Transaction, role: RoleRecord): void {
  for (const member of tx.world.tables.members.by("guild", role.guild_id).values()) {
    if (member.roles.includes(role.id)) {
      tx.put("members", { ...member, roles: member.roles.filter((id) => id !== role.id) });
    }
  }
  for (const before of tx.world.tables.channels.by("guild", role.guild_id).values()) {
    if (!before.overwrites.some((o) => o.type === "role" && o.id === role.id)) continue;
    const channel = {
      ...before,
      overwrites: before.overwrites.filter((o) => !(o.type === "role" && o.id === role.id)),
    };
    tx.put("channels", channel);
    tx.emit({ type: "CHANNEL_UPDATE", guildId: role.guild_id, channel, before });
  }
  tx.remove("roles", role.id);
  tx.emit({ type: "GUILD_ROLE_DELETE", guildId: role.guild_id, role });
  applyRoleOrder(tx, role.guild_id, rolesLowestFirst(tx, role.guild_id));
}

/** Deletes a role, as a person with `manage_roles` above it; never the everyone or a managed role. */
export function deleteRole(core: Kernel, actor: PersonActor, guildId: string, roleId: string): void {
  core.transact((tx) => {
    const guild = visibleGuild(core, actor, guildId);
    const standing = roleManager(core, actor, guild);
    const role = roleIn(tx, guildId, roleId);
    if (role.default) throw InvalidBodyError.at("role_id", "the everyone role cannot be deleted");
    requireManageable(standing, role);
    removeRoleIn(tx, role);
    writeAudit(core, tx, {
      guildId,
      action: "role_delete",
      userId: actor.user.id,
      targetId: roleId,
      changes: [{ key: "name", old_value: role.name }],
    });
  });
}
