import type { Kernel } from "../../kernel/kernel.js";
import { UnknownObjectError } from "../../kernel/errors/api-error.js";
import { json, NO_CONTENT } from "../../http/reply.js";
import { type DevRoute, devRoute } from "../../http/route.js";
import { memberPage } from "./member-page.js";
import { updateMember } from "./member-update.js";
import { joinGuild, removeMember, unbanUser } from "./members.js";
import { serializeMember } from "./member-serializer.js";
import type { MemberRecord } from "../../kernel/world/records.js";
import { MemberPageQuerySchema } from "../../http/query-schemas.js";
import {
  type DevMember,
  JoinBodySchema,
  PatchMemberBodySchema,
  RemoveMemberBodySchema,
} from "@chatbot/protocol/dev";

function devMember(core: Kernel, member: MemberRecord): DevMember {
  const user = core.world.tables.users.get(member.user_id);
  if (!user) throw new UnknownObjectError("member");
  return { ...serializeMember(member, user, true), guild_id: member.guild_id };
}

/** Dev routes for members and bans. */
export const devMemberRoutes: DevRoute[] = [
  devRoute({
    method: "GET",
    path: "/dev/v1/guilds/:guild_id/members",
    query: MemberPageQuerySchema,
    handle: ({ core, param, query }) => {
      const guildId = param("guild_id");
      if (!core.world.tables.guilds.has(guildId)) throw new UnknownObjectError("guild");
      return json(memberPage(core.world, guildId, query).map((m) => devMember(core, m)));
    },
  }),
  devRoute({
    method: "POST",
    path: "/dev/v1/guilds/:guild_id/members",
    body: JoinBodySchema,
    handle: ({ core, param, body }) =>
      json(devMember(core, joinGuild(core, param("guild_id"), body.user_id)), 201),
  }),
  devRoute({
    method: "PATCH",
    path: "/dev/v1/guilds/:guild_id/members/:user_id",
    body: PatchMemberBodySchema,
    handle: ({ core, actor, param, body }) =>
      json(devMember(core, updateMember(core, actor(), param("guild_id"), param("user_id"), body))),
  }),
  devRoute({
    method: "DELETE",
    path: "/dev/v1/guilds/:guild_id/members/:user_id",
    body: RemoveMemberBodySchema,
    handle: ({ core, person, param, body }) => {
      removeMember(core, person, param("guild_id"), param("user_id"), body);
      return NO_CONTENT;
    },
  }),
  devRoute({
    method: "DELETE",
    path: "/dev/v1/guilds/:guild_id/bans/:user_id",
    handle: ({ core, actor, param }) => {
      unbanUser(core, actor(), param("guild_id"), param("user_id"));
      return NO_CONTENT;
    },
  }),
];
