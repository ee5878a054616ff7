import type { Kernel } from "../../kernel/kernel.js";
import { InvalidBodyError, MissingPermissionError } from "../../kernel/errors/api-error.js";
import { hasPermission } from "../../kernel/permissions/compute.js";
import { canManageRole } from "../../kernel/permissions/hierarchy.js";
import type { AuditChange, MemberRecord } from "../../kernel/world/records.js";
import { requireGuildPermission, visibleGuild } from "../../kernel/visibility/access.js";
import type { PersonActor } from "../../kernel/actors/actor.js";
import { writeAudit } from "../../kernel/audit/audit.js";
import { memberIn, requireModerator } from "./members.js";

/** The longest timeout: 28 days. */
export const MAX_TIMEOUT_MS = 28 * 24 * 60 * 60_000;

/** Input of {@link updateMember}; `null` clears a nickname or a timeout. */
export interface UpdateMemberInput {
  readonly nickname?: string | null | undefined;
  readonly roles?: readonly string[] | undefined;
  readonly communication_disabled_until?: number | null | undefined;
}

/**
 * Changes a member, as a person: their own nickname with `change_nickname`, others' with
 * `manage_nicknames` above them; roles with `manage_roles`, each role given or taken strictly below
 * the actor's highest (never managed roles or the everyone role); a timeout with `moderate_members`
 * above the member (never an administrator), ending at most 28 days from now. The timeout's end is
 * a deadline on the clock.
 */
export function updateMember(
  core: Kernel,
  actor: PersonActor,
  guildId: string,
  userId: string,
  input: UpdateMemberInput,
): MemberRecord {
  return core.transact((tx) => {
    const guild = visibleGuild(core, actor, guildId);
    const { member: before, user } = memberIn(tx, guildId, userId);
    let member: MemberRecord = before;
    const memberChanges: AuditChange[] = [];
    const roleChanges: AuditChange[] = [];

    if (input.nickname !== undefined && input.nickname !== before.nickname) {
      const ownName = userId === actor.user.id && core.engine.canInGuild(guild, userId, "change_nickname");
      if (!ownName) requireModerator(core, actor, guild, userId, "manage_nicknames");
      member = { ...member, nickname: input.nickname };
      memberChanges.push({ key: "nick", old_value: before.nickname, new_value: input.nickname });
    }

    if (input.roles !== undefined) {
      const wanted = [...new Set(input.roles)];
      const added = wanted.filter((id) => !before.roles.includes(id));
      const removed = before.roles.filter((id) => !wanted.includes(id));
      if (added.length + removed.length > 0) {
        requireGuildPermission(core, actor, guild, "manage_roles");
        const standing = core.engine.standing(guild, actor.user.id);
        for (const id of [...added, ...removed]) {
          const role = tx.world.tables.roles.get(id);
          const path = `roles.${Math.max(0, wanted.indexOf(id))}`;
          if (!role || role.guild_id !== guildId)
            throw InvalidBodyError.at(path, "no such role in this server");
          if (role.default) throw InvalidBodyError.at(path, "the everyone role is never given or taken");
          if (role.managed) throw InvalidBodyError.at(path, "a managed role belongs to its app's install");
          if (!canManageRole(standing, role.position)) {
            throw new MissingPermissionError(
              "manage_roles",
              `the role ${role.name} is not below your highest role`,
            );
          }
        }
        member = { ...member, roles: [...before.roles.filter((id) => wanted.includes(id)), ...added] };
        if (added.length) roleChanges.push({ key: "$add", new_value: added });
        if (removed.length) roleChanges.push({ key: "$remove", new_value: removed });
      }
    }

    let timeout: "started" | "changed" | "ended" | null = null;
    const until = input.communication_disabled_until;
    if (until !== undefined && until !== before.communication_disabled_until) {
      requireModerator(core, actor, guild, userId, "moderate_members");
      if (hasPermission(core.engine.guildBits(guild, userId), "administrator")) {
        throw new MissingPermissionError("moderate_members", "administrators cannot be timed out");
      }
      if (until !== null && (until <= tx.now || until > tx.now + MAX_TIMEOUT_MS)) {
        throw InvalidBodyError.at(
          "communication_disabled_until",
          "must be in the future, at most 28 days from now",
        );
      }
      const wasTimedOut = core.engine.isTimedOut(before);
      timeout = until === null ? (wasTimedOut ? "ended" : null) : wasTimedOut ? "changed" : "started";
      member = { ...member, communication_disabled_until: until };
      memberChanges.push({
        key: "communication_disabled_until",
        old_value: before.communication_disabled_until,
        new_value: until,
      });
    }

    if (member === before) return before;
    tx.put("members", member);
    tx.emit({
      type: "GUILD_MEMBER_UPDATE",
      guildId,
      member,
      before,
      user,
      timeout,
      otherFieldsChanged: member.nickname !== before.nickname || member.roles !== before.roles,
    });
    if (memberChanges.length) {
      writeAudit(core, tx, {
        guildId,
        action: "member_update",
        userId: actor.user.id,
        targetId: userId,
        changes: memberChanges,
      });
    }
    if (roleChanges.length) {
      writeAudit(core, tx, {
        guildId,
        action: "member_role_update",
        userId: actor.user.id,
        targetId: userId,
        changes: roleChanges,
      });
    }
    if (member.communication_disabled_until !== before.communication_disabled_until) {
      tx.afterCommit(() => core.timeouts.arm(member));
    }
    return member;
  });
}
