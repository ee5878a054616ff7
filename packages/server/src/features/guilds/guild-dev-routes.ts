import { UnknownObjectError } from "../../kernel/errors/api-error.js";
import { json, NO_CONTENT } from "../../http/reply.js";
import { type DevRoute, devRoute } from "../../http/route.js";
import { compareIds } from "../../kernel/ids.js";
import { createEmoji, deleteEmoji, renameEmoji } from "./emojis.js";
import { createGuild, deleteGuild, updateGuild } from "./guilds.js";
import { installApp, uninstallApp, updateInstall } from "../apps/installs.js";
import { serializeAuditLogEntry } from "../../kernel/audit/audit-log-serializer.js";
import { serializeEmoji } from "../roles/role-serializer.js";
import type { GuildRecord } from "../../kernel/world/records.js";
import { AuditLogQuerySchema } from "../../http/query-schemas.js";
import {
  CreateGuildBodySchema,
  type DevGuild,
  EmojiBodySchema,
  InstallBodySchema,
  InstallPatchSchema,
  PatchGuildBodySchema,
} from "@chatbot/protocol/dev";
import { devInstall } from "../apps/app-dev-views.js";
import { devChannel } from "../channels/channel-dev-view.js";

function guildView(guild: GuildRecord): DevGuild {
  return {
    id: guild.id,
    name: guild.name,
    description: guild.description,
    icon_id: guild.icon_id,
    owner_id: guild.owner_id,
    everyone_role_id: guild.everyone_role_id,
  };
}

/** Dev routes for servers: settings, audit log, emojis and installs. */
export const devGuildRoutes: DevRoute[] = [
  devRoute({
    method: "POST",
    path: "/dev/v1/guilds",
    body: CreateGuildBodySchema,
    handle: ({ core, body }) => {
      const { guild, general } = createGuild(core, body);
      return json({ ...guildView(guild), channels: [devChannel(core, general, guild.owner_id)] }, 201);
    },
  }),
  devRoute({
    method: "PATCH",
    path: "/dev/v1/guilds/:guild_id",
    body: PatchGuildBodySchema,
    handle: ({ core, actor, param, body }) =>
      json(guildView(updateGuild(core, actor(), param("guild_id"), body))),
  }),
  devRoute({
    method: "DELETE",
    path: "/dev/v1/guilds/:guild_id",
    handle: ({ core, actor, param }) => {
      deleteGuild(core, actor(), param("guild_id"));
      return NO_CONTENT;
    },
  }),
  devRoute({
    method: "GET",
    path: "/dev/v1/guilds/:guild_id/audit-log",
    query: AuditLogQuerySchema,
    handle: ({ core, param, query }) => {
      const guildId = param("guild_id");
      if (!core.world.tables.guilds.has(guildId)) throw new UnknownObjectError("guild");
      const entries = [...core.world.tables.audit_log.by("guild", guildId).values()]
        .sort((a, b) => compareIds(b.id, a.id))
        .slice(0, query.limit);
      return json(entries.map(serializeAuditLogEntry));
    },
  }),
  devRoute({
    method: "POST",
    path: "/dev/v1/guilds/:guild_id/emojis",
    body: EmojiBodySchema,
    handle: ({ core, actor, param, body }) =>
      json(serializeEmoji(createEmoji(core, actor(), param("guild_id"), body)), 201),
  }),
  devRoute({
    method: "PATCH",
    path: "/dev/v1/guilds/:guild_id/emojis/:emoji_id",
    body: EmojiBodySchema,
    handle: ({ core, actor, param, body }) =>
      json(serializeEmoji(renameEmoji(core, actor(), param("guild_id"), param("emoji_id"), body))),
  }),
  devRoute({
    method: "DELETE",
    path: "/dev/v1/guilds/:guild_id/emojis/:emoji_id",
    handle: ({ core, actor, param }) => {
      deleteEmoji(core, actor(), param("guild_id"), param("emoji_id"));
      return NO_CONTENT;
    },
  }),
  devRoute({
    method: "POST",
    path: "/dev/v1/guilds/:guild_id/installs",
    body: InstallBodySchema,
    handle: ({ core, actor, param, body }) =>
      json(devInstall(installApp(core, actor(), param("guild_id"), body)), 201),
  }),
  devRoute({
    method: "PATCH",
    path: "/dev/v1/guilds/:guild_id/installs/:app_id",
    body: InstallPatchSchema,
    handle: ({ core, actor, param, body }) =>
      json(devInstall(updateInstall(core, actor(), param("guild_id"), param("app_id"), body))),
  }),
  devRoute({
    method: "DELETE",
    path: "/dev/v1/guilds/:guild_id/installs/:app_id",
    handle: ({ core, actor, param }) => {
      uninstallApp(core, actor(), param("guild_id"), param("app_id"));
      return NO_CONTENT;
    },
  }),
];
