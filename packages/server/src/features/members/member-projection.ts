import type { ServerChange } from "../../kernel/changes/server-change.js";
import { serializeAuditLogEntry } from "../../kernel/audit/audit-log-serializer.js";
import { serializeMember } from "./member-serializer.js";
import { serializeUser } from "../../kernel/actors/user-serializer.js";
import { resyncChannels } from "../channels/channel-projection.js";
import type { ChangeContext, ProjectionViewer } from "../../gateway/projection.js";

export type MemberChange = Extract<
  ServerChange,
  {
    type:
      | "GUILD_MEMBER_ADD"
      | "GUILD_MEMBER_UPDATE"
      | "GUILD_MEMBER_REMOVE"
      | "GUILD_BAN_ADD"
      | "GUILD_BAN_REMOVE"
      | "GUILD_AUDIT_LOG_ENTRY_CREATE";
  }
>;

/**
 * Member and moderation events. Member events (`guild_members`) carry
 * `communication_disabled_until` only with moderation access, and a change that only starts, moves
 * or ends a timeout is sent only with it. Bans and audit log entries need moderation access (the
 * `guild_moderation` intent and View audit log), checked at each event; without it a kick or a ban
 * is only the `GUILD_MEMBER_REMOVE` any leave sends. A change of the bot's own roles may show or
 * hide channels (`CHANNEL_CREATE` / `CHANNEL_DELETE`).
 */
export function projectMemberChange(
  ctx: ChangeContext,
  change: MemberChange,
  viewer: ProjectionViewer,
): void {
  switch (change.type) {
    case "GUILD_MEMBER_ADD": {
      if (!viewer.allows(change.type)) return;
      const { member, user } = change;
      const moderation = viewer.moderation;
      viewer.send(ctx, change.type, moderation ? "mod" : "", () => ({
        ...serializeMember(member, user, moderation),
        guild_id: change.guildId,
      }));
      return;
    }
    case "GUILD_MEMBER_UPDATE": {
      const { member, user, before } = change;
      if (viewer.allows(change.type)) {
        const moderation = viewer.moderation;
        if (moderation || change.timeout === null || change.otherFieldsChanged) {
          viewer.send(ctx, change.type, moderation ? "mod" : "", () => ({
            ...serializeMember(member, user, moderation),
            guild_id: change.guildId,
          }));
        }
      }
      if (member.user_id === viewer.botId && member.roles.join() !== before.roles.join()) {
        resyncChannels(ctx, viewer);
        // The bot's `me` and its permissions in the channels it still sees changed with its roles.
        viewer.queueGuildUpdate();
      }
      return;
    }
    case "GUILD_MEMBER_REMOVE": {
      const { user } = change;
      viewer.send(ctx, change.type, "", () => ({ guild_id: change.guildId, user: serializeUser(user) }));
      return;
    }
    case "GUILD_BAN_ADD":
    case "GUILD_BAN_REMOVE": {
      if (!viewer.moderation) return;
      const { user } = change;
      viewer.send(ctx, change.type, "", () => ({ guild_id: change.guildId, user: serializeUser(user) }));
      return;
    }
    case "GUILD_AUDIT_LOG_ENTRY_CREATE": {
      if (!viewer.moderation) return;
      viewer.send(ctx, change.type, "", () => serializeAuditLogEntry(change.entry));
      return;
    }
  }
}
