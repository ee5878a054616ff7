import { INTENTS, type Intent, type PermissionName, type Scope } from "@chatbot/protocol";
import type { InstallRemoveReason } from "../../kernel/changes/server-change.js";
import type { Kernel } from "../../kernel/kernel.js";
import { ConflictError, InvalidBodyError, UnknownObjectError } from "../../kernel/errors/api-error.js";
import type { InstallRecord, MemberRecord, RoleRecord } from "../../kernel/world/records.js";
import type { Transaction } from "../../kernel/changes/transaction.js";
import { pairKey } from "../../kernel/world/world.js";
import { requireGuildPermission, visibleGuild } from "../../kernel/visibility/access.js";
import type { PersonActor } from "../../kernel/actors/actor.js";
import { writeAudit } from "../../kernel/audit/audit.js";
import { applyRoleOrder, rolesLowestFirst } from "../roles/role-order.js";
import { removeRoleIn, requireGrantable } from "../roles/roles.js";

/** Input of {@link installApp}. */
export interface InstallInput {
  readonly application_id: string;
  readonly scopes: readonly Scope[];
  /** Default: every intent (privileged ones count only with privileged access). */
  readonly intents?: readonly Intent[] | undefined;
  readonly permissions: readonly PermissionName[];
}

/**
 * Installs an app in a server, as a person with `manage_guild` (who grants only permissions they
 * hold): adds the bot member (`app_<application_id>`, `bot: true`) and a managed role holding the
 * install's permissions, just above the everyone role.
 */
export function installApp(
  core: Kernel,
  actor: PersonActor,
  guildId: string,
  input: InstallInput,
): InstallRecord {
  return core.transact((tx) => {
    const guild = visibleGuild(core, actor, guildId);
    requireGuildPermission(core, actor, guild, "manage_guild");
    const app = tx.world.tables.apps.get(input.application_id);
    if (!app) throw InvalidBodyError.at("application_id", "no such app");
    if (!app.enabled) throw InvalidBodyError.at("application_id", "the app is switched off");
    const bot = tx.world.tables.users.get(app.bot_user_id);
    if (!bot) throw InvalidBodyError.at("application_id", "the app has no bot account");
    if (tx.world.tables.installs.has(pairKey(guildId, app.id)))
      throw new ConflictError("the app is already installed here");
    if (tx.world.tables.bans.has(pairKey(guildId, bot.id)))
      throw new ConflictError("the app's bot is banned from this server");
    requireGrantable(core, actor, guild, input.permissions);

    const role: RoleRecord = {
      id: core.ids.next(),
      guild_id: guildId,
      name: app.name,
      color: null,
      position: 1,
      permissions: [...input.permissions],
      hoist: false,
      mentionable: false,
      managed: true,
      application_id: app.id,
      default: false,
    };
    tx.put("roles", role);
    tx.emit({ type: "GUILD_ROLE_CREATE", guildId, role });
    const order = rolesLowestFirst(tx, guildId).filter((r) => r.id !== role.id);
    order.unshift(role);
    applyRoleOrder(tx, guildId, order, role.id);

    const member: MemberRecord = {
      guild_id: guildId,
      user_id: bot.id,
      nickname: null,
      joined_at: tx.now,
      roles: [role.id],
      communication_disabled_until: null,
    };
    tx.put("members", member);
    tx.emit({ type: "GUILD_MEMBER_ADD", guildId, member, user: bot });

    const install: InstallRecord = {
      guild_id: guildId,
      application_id: app.id,
      scopes: [...new Set(input.scopes)],
      intents: [...new Set(input.intents ?? INTENTS)],
      permissions: [...input.permissions],
      role_id: role.id,
      installed_by: actor.user.id,
      created_at: tx.now,
    };
    tx.put("installs", install);
    tx.emit({ type: "INSTALL_ADD", guildId, install });
    writeAudit(core, tx, { guildId, action: "bot_add", userId: actor.user.id, targetId: bot.id });
    writeAudit(core, tx, {
      guildId,
      action: "integration_create",
      userId: actor.user.id,
      targetId: app.id,
      options: { scopes: install.scopes, permissions: install.permissions },
    });
    return install;
  });
}

/**
 * Removes an install inside a transaction: the bot member (`GUILD_MEMBER_REMOVE`), the managed role
 * (`GUILD_ROLE_DELETE`) and the install (`INSTALL_REMOVE`, which the gateway turns into
 * `GUILD_DELETE` for that app).
 */
export function removeInstallIn(
  core: Kernel,
  tx: Transaction,
  install: InstallRecord,
  reason: InstallRemoveReason,
): void {
  const app = tx.world.tables.apps.get(install.application_id);
  const guildId = install.guild_id;
  if (app) {
    const member = tx.world.tables.members.get(pairKey(guildId, app.bot_user_id));
    const user = tx.world.tables.users.get(app.bot_user_id);
    if (member && user) {
      tx.remove("members", pairKey(guildId, user.id));
      const memberReason = reason === "kicked" ? "kick" : reason === "banned" ? "ban" : "app_removed";
      tx.emit({ type: "GUILD_MEMBER_REMOVE", guildId, member, user, reason: memberReason });
      tx.afterCommit(() => core.timeouts.cancel(guildId, user.id));
    }
  }
  const role = tx.world.tables.roles.get(install.role_id);
  if (role) removeRoleIn(tx, role);
  tx.remove("installs", pairKey(guildId, install.application_id));
  tx.emit({ type: "INSTALL_REMOVE", guildId, install, reason });
}

/** Input of {@link updateInstall}: what changes; the rest stays. */
export interface InstallUpdate {
  readonly scopes?: readonly Scope[] | undefined;
  readonly intents?: readonly Intent[] | undefined;
  readonly permissions?: readonly PermissionName[] | undefined;
}

/**
 * Changes an install in place, as a person with `manage_guild` (who grants only permissions they
 * hold): its scopes, its intents and its managed role's permissions. The bot stays a member and its
 * connection stays open: the new grants apply to the next event, and the app gets the server's
 * snapshot again (`GUILD_UPDATE`, with the install's new `scopes` and `intents`) and the role's
 * `GUILD_ROLE_UPDATE`. `404 unknown_application` when the app is not installed there.
 */
export function updateInstall(
  core: Kernel,
  actor: PersonActor,
  guildId: string,
  appId: string,
  input: InstallUpdate,
): InstallRecord {
  return core.transact((tx) => {
    const guild = visibleGuild(core, actor, guildId);
    requireGuildPermission(core, actor, guild, "manage_guild");
    const before = tx.world.tables.installs.get(pairKey(guildId, appId));
    if (!before) throw new UnknownObjectError("application");
    const install: InstallRecord = {
      ...before,
      ...(input.scopes && { scopes: [...new Set(input.scopes)] }),
      ...(input.intents && { intents: [...new Set(input.intents)] }),
      ...(input.permissions && { permissions: [...input.permissions] }),
    };
    tx.put("installs", install);
    const role = tx.world.tables.roles.get(install.role_id);
    if (input.permissions && role) {
      requireGrantable(core, actor, guild, input.permissions);
      const next: RoleRecord = { ...role, permissions: [...input.permissions] };
      tx.put("roles", next);
      tx.emit({ type: "GUILD_ROLE_UPDATE", guildId, role: next, before: role });
    }
    tx.emit({ type: "GUILD_UPDATE", guildId, guild, before: guild });
    return install;
  });
}

/** Uninstalls an app, as a person with `manage_guild`; `404 unknown_application` when not installed. */
export function uninstallApp(core: Kernel, actor: PersonActor, guildId: string, appId: string): void {
  core.transact((tx) => {
    const guild = visibleGuild(core, actor, guildId);
    requireGuildPermission(core, actor, guild, "manage_guild");
    const install = tx.world.tables.installs.get(pairKey(guildId, appId));
    if (!install) throw new UnknownObjectError("application");
    removeInstallIn(core, tx, install, "uninstalled");
    writeAudit(core, tx, { guildId, action: "integration_delete", userId: actor.user.id, targetId: appId });
  });
}
