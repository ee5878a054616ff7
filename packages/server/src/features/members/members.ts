import type { Kernel } from "../../kernel/kernel.js";
import {
  ConflictError,
  InvalidBodyError,
  MissingPermissionError,
  UnknownObjectError,
} from "../../kernel/errors/api-error.js";
import { canManageMember } from "../../kernel/permissions/hierarchy.js";
import type { BanRecord, GuildRecord, MemberRecord, UserRecord } from "../../kernel/world/records.js";
import type { Transaction } from "../../kernel/changes/transaction.js";
import { pairKey } from "../../kernel/world/world.js";
import { requireGuildPermission, visibleGuild } from "../../kernel/visibility/access.js";
import type { PersonActor } from "../../kernel/actors/actor.js";
import { writeAudit } from "../../kernel/audit/audit.js";
import { removeInstallIn } from "../apps/installs.js";

/** The member `userId` of `guildId` with their user, or `404 unknown_member`. */
export function memberIn(
  tx: Transaction,
  guildId: string,
  userId: string,
): { member: MemberRecord; user: UserRecord } {
  const member = tx.world.tables.members.get(pairKey(guildId, userId));
  const user = tx.world.tables.users.get(userId);
  if (!member || !user) throw new UnknownObjectError("member");
  return { member, user };
}

/** A person joins a server by invite; `409 conflict` when already a member or banned. */
export function joinGuild(core: Kernel, guildId: string, userId: string): MemberRecord {
  return core.transact((tx) => {
    if (!tx.world.tables.guilds.has(guildId)) throw new UnknownObjectError("guild");
    const user = tx.world.tables.users.get(userId);
    if (!user) throw InvalidBodyError.at("user_id", "no such person");
    if (user.bot) throw InvalidBodyError.at("user_id", "bots join a server through an install");
    if (tx.world.tables.members.has(pairKey(guildId, userId))) throw new ConflictError("already a member");
    if (tx.world.tables.bans.has(pairKey(guildId, userId)))
      throw new ConflictError("banned from this server");
    const member: MemberRecord = {
      guild_id: guildId,
      user_id: userId,
      nickname: null,
      joined_at: tx.now,
      roles: [],
      communication_disabled_until: null,
    };
    tx.put("members", member);
    tx.emit({ type: "GUILD_MEMBER_ADD", guildId, member, user });
    return member;
  });
}

/** Checks a moderator's `permission` and that the target's highest role is below the actor's. */
export function requireModerator(
  core: Kernel,
  actor: PersonActor,
  guild: GuildRecord,
  targetId: string,
  permission: "kick_members" | "ban_members" | "moderate_members" | "manage_nicknames",
): void {
  requireGuildPermission(core, actor, guild, permission);
  const target = core.engine.standing(guild, targetId);
  if (!canManageMember(core.engine.standing(guild, actor.user.id), target)) {
    throw new MissingPermissionError(permission, "the member's highest role is not below yours");
  }
}

/** Takes a member out of a server inside a transaction (a bot member takes its install along). */
function removeMemberIn(
  core: Kernel,
  tx: Transaction,
  member: MemberRecord,
  user: UserRecord,
  reason: "leave" | "kick" | "ban",
): void {
  const app = user.bot ? tx.world.tables.apps.by("bot_user_id", user.id).values().next().value : undefined;
  const install = app && tx.world.tables.installs.get(pairKey(member.guild_id, app.id));
  if (install) {
    removeInstallIn(core, tx, install, reason === "ban" ? "banned" : "kicked");
    return;
  }
  tx.remove("members", pairKey(member.guild_id, member.user_id));
  tx.emit({ type: "GUILD_MEMBER_REMOVE", guildId: member.guild_id, member, user, reason });
  tx.afterCommit(() => core.timeouts.cancel(member.guild_id, member.user_id));
}

/** How a member goes: leaves on their own, is kicked, or is banned. */
export interface RemoveMemberInput {
  readonly action: "leave" | "kick" | "ban";
  readonly reason?: string | undefined;
}

/**
 * `leave` is the member's own act (`actor` may be null or must be the member; the owner cannot
 * leave). `kick` and `ban` are a moderator's, checked with `kick_members` / `ban_members` and the
 * role hierarchy. Banning works on non-members too. Kicking or banning a bot removes its install.
 */
export function removeMember(
  core: Kernel,
  actor: PersonActor | null,
  guildId: string,
  userId: string,
  input: RemoveMemberInput,
): void {
  core.transact((tx) => {
    if (input.action === "leave") {
      if (actor && actor.user.id !== userId)
        throw InvalidBodyError.at("action", "only the member can leave; use kick");
      const guild = tx.world.tables.guilds.get(guildId);
      if (!guild) throw new UnknownObjectError("guild");
      const { member, user } = memberIn(tx, guildId, userId);
      if (user.bot) throw InvalidBodyError.at("action", "an app leaves when it is uninstalled");
      if (guild.owner_id === userId) throw InvalidBodyError.at("action", "the owner cannot leave the server");
      removeMemberIn(core, tx, member, user, "leave");
      return;
    }
    if (!actor) throw InvalidBodyError.at("X-Dev-User", "is required: kick and ban are a moderator's act");
    const guild = visibleGuild(core, actor, guildId);
    const permission = input.action === "kick" ? "kick_members" : "ban_members";
    if (input.action === "kick") {
      const { member, user } = memberIn(tx, guildId, userId);
      requireModerator(core, actor, guild, userId, permission);
      removeMemberIn(core, tx, member, user, "kick");
      writeAudit(core, tx, {
        guildId,
        action: "member_kick",
        userId: actor.user.id,
        targetId: userId,
        reason: input.reason,
      });
      return;
    }
    const user = tx.world.tables.users.get(userId);
    if (!user) throw new UnknownObjectError("user");
    requireModerator(core, actor, guild, userId, permission);
    const member = tx.world.tables.members.get(pairKey(guildId, userId));
    if (member) removeMemberIn(core, tx, member, user, "ban");
    if (tx.world.tables.bans.has(pairKey(guildId, userId))) return;
    const ban: BanRecord = {
      guild_id: guildId,
      user_id: userId,
      reason: input.reason ?? null,
      created_at: tx.now,
    };
    tx.put("bans", ban);
    tx.emit({ type: "GUILD_BAN_ADD", guildId, ban, user });
    writeAudit(core, tx, {
      guildId,
      action: "member_ban_add",
      userId: actor.user.id,
      targetId: userId,
      reason: input.reason,
    });
  });
}

/** Lifts a ban, as a person with `ban_members`; `404 unknown_ban` when there is none. */
export function unbanUser(core: Kernel, actor: PersonActor, guildId: string, userId: string): void {
  core.transact((tx) => {
    const guild = visibleGuild(core, actor, guildId);
    requireGuildPermission(core, actor, guild, "ban_members");
    const ban = tx.remove("bans", pairKey(guildId, userId));
    const user = tx.world.tables.users.get(userId);
    if (!ban || !user) throw new UnknownObjectError("ban");
    tx.emit({ type: "GUILD_BAN_REMOVE", guildId, ban, user });
    writeAudit(core, tx, { guildId, action: "member_ban_remove", userId: actor.user.id, targetId: userId });
  });
}
