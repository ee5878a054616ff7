import { json, NO_CONTENT } from "../../http/reply.js";
import { type DevRoute, devRoute } from "../../http/route.js";
import { reorderRoles } from "./role-reorder.js";
import { createRole, deleteRole, updateRole } from "./roles.js";
import { serializeRole } from "./role-serializer.js";
import { CreateRoleBodySchema, PatchRoleBodySchema, ReorderRolesBodySchema } from "@chatbot/protocol/dev";

/** Dev routes for roles, each as the person of `X-Dev-User`. */
export const devRoleRoutes: DevRoute[] = [
  devRoute({
    method: "POST",
    path: "/dev/v1/guilds/:guild_id/roles",
    body: CreateRoleBodySchema,
    handle: ({ core, actor, param, body }) =>
      json(serializeRole(createRole(core, actor(), param("guild_id"), body)), 201),
  }),
  devRoute({
    method: "PATCH",
    path: "/dev/v1/guilds/:guild_id/roles",
    body: ReorderRolesBodySchema,
    handle: ({ core, actor, param, body }) =>
      json(reorderRoles(core, actor(), param("guild_id"), body).map(serializeRole)),
  }),
  devRoute({
    method: "PATCH",
    path: "/dev/v1/guilds/:guild_id/roles/:role_id",
    body: PatchRoleBodySchema,
    handle: ({ core, actor, param, body }) =>
      json(serializeRole(updateRole(core, actor(), param("guild_id"), param("role_id"), body))),
  }),
  devRoute({
    method: "DELETE",
    path: "/dev/v1/guilds/:guild_id/roles/:role_id",
    handle: ({ core, actor, param }) => {
      deleteRole(core, actor(), param("guild_id"), param("role_id"));
      return NO_CONTENT;
    },
  }),
];
