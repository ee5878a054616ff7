import { UnknownObjectError } from "../../kernel/errors/api-error.js";
import { json } from "../../http/reply.js";
import { type BotRoute, botRoute } from "../../http/route.js";
import { compareIds } from "../../kernel/ids.js";
import { requireScope, visibleGuild, visibleInstall } from "../../kernel/visibility/access.js";
import { memberPage } from "../members/member-page.js";
import { rolesHighestFirst } from "../roles/role-order.js";
import { serializeChannel } from "../channels/channel-serializer.js";
import { guildWithAccess } from "./guild-serializer.js";
import { serializeMember } from "../members/member-serializer.js";
import { serializeRole } from "../roles/role-serializer.js";
import { pairKey } from "../../kernel/world/world.js";
import { MemberPageQuerySchema } from "../../http/query-schemas.js";

/** `/v1` routes of the section "Servers". */
export const guildRoutes: BotRoute[] = [
  botRoute({
    method: "GET",
    path: "/v1/guilds/:guild_id",
    handle: ({ core, bot, param }) => {
      const install = visibleInstall(core, bot, param("guild_id"));
      const guild = visibleGuild(core, bot, install.guild_id);
      return json(guildWithAccess(core, guild, bot.app, install));
    },
  }),
  botRoute({
    method: "GET",
    path: "/v1/guilds/:guild_id/channels",
    handle: ({ core, bot, param }) => {
      const guild = visibleGuild(core, bot, param("guild_id"));
      const channels = [...core.world.tables.channels.by("guild", guild.id).values()]
        .filter((c) => core.engine.canView(c, bot.user.id))
        .sort((a, b) => a.position - b.position || compareIds(a.id, b.id));
      return json(channels.map((c) => serializeChannel(core.engine, c, bot.user.id)));
    },
  }),
  botRoute({
    method: "GET",
    path: "/v1/guilds/:guild_id/roles",
    handle: ({ core, bot, param }) => {
      const guild = visibleGuild(core, bot, param("guild_id"));
      return json(rolesHighestFirst(core.world, guild.id).map(serializeRole));
    },
  }),
  botRoute({
    method: "GET",
    path: "/v1/guilds/:guild_id/members",
    query: MemberPageQuerySchema,
    handle: ({ core, bot, param, query }) => {
      const guild = visibleGuild(core, bot, param("guild_id"));
      requireScope(core, bot, guild.id, "members.read");
      const members = memberPage(core.world, guild.id, query);
      const users = core.world.tables.users;
      return json(
        members.flatMap((m) => {
          const user = users.get(m.user_id);
          return user ? [serializeMember(m, user)] : [];
        }),
      );
    },
  }),
  botRoute({
    method: "GET",
    path: "/v1/guilds/:guild_id/members/:user_id",
    handle: ({ core, bot, param }) => {
      const guild = visibleGuild(core, bot, param("guild_id"));
      requireScope(core, bot, guild.id, "members.read");
      const member = core.world.tables.members.get(pairKey(guild.id, param("user_id")));
      const user = member && core.world.tables.users.get(member.user_id);
      if (!member || !user) throw new UnknownObjectError("member");
      return json(serializeMember(member, user));
    },
  }),
];
