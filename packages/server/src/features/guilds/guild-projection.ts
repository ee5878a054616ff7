import type { ServerChange } from "../../kernel/changes/server-change.js";
import { compareIds } from "../../kernel/ids.js";
import { serializeEmoji, serializeRole } from "../roles/role-serializer.js";
import type { RoleRecord } from "../../kernel/world/records.js";
import { resyncChannels } from "../channels/channel-projection.js";
import type { ChangeContext, ProjectionViewer } from "../../gateway/projection.js";

export type GuildChange = Extract<
  ServerChange,
  {
    type:
      | "GUILD_UPDATE"
      | "GUILD_ROLE_CREATE"
      | "GUILD_ROLE_UPDATE"
      | "GUILD_ROLE_DELETE"
      | "GUILD_EMOJIS_UPDATE";
  }
>;

function samePermissions(a: RoleRecord, b: RoleRecord): boolean {
  return (
    a.permissions.length === b.permissions.length && a.permissions.every((p) => b.permissions.includes(p))
  );
}

/**
 * Server-level events: `GUILD_UPDATE` (merged, at most one per 300 ms per server) when settings,
 * channels or roles change; role events (`guilds`; a reorder sends an update for every role, as
 * the change stream records it); and `GUILD_EMOJIS_UPDATE` (`guild_expressions`) with the whole
 * list. A role change that alters permissions may show or hide channels to the bot.
 */
export function projectGuildChange(ctx: ChangeContext, change: GuildChange, viewer: ProjectionViewer): void {
  const guildId = change.guildId;
  switch (change.type) {
    case "GUILD_UPDATE":
      viewer.queueGuildUpdate();
      return;
    case "GUILD_ROLE_CREATE":
    case "GUILD_ROLE_UPDATE": {
      const { role } = change;
      viewer.send(ctx, change.type, "", () => ({ guild_id: guildId, role: serializeRole(role) }));
      if (change.type === "GUILD_ROLE_UPDATE" && !samePermissions(role, change.before)) {
        resyncChannels(ctx, viewer);
      }
      viewer.queueGuildUpdate();
      return;
    }
    case "GUILD_ROLE_DELETE": {
      const roleId = change.role.id;
      viewer.send(ctx, change.type, "", () => ({ guild_id: guildId, role_id: roleId }));
      resyncChannels(ctx, viewer);
      viewer.queueGuildUpdate();
      return;
    }
    case "GUILD_EMOJIS_UPDATE": {
      const emojis = change.emojis;
      viewer.send(ctx, change.type, "", () => ({
        guild_id: guildId,
        emojis: [...emojis].sort((a, b) => compareIds(a.id, b.id)).map(serializeEmoji),
      }));
      return;
    }
  }
}
