import type { ServerFeature } from "../../http/route.js";
import { devRoleRoutes } from "./role-dev-routes.js";

/** Roles: made, edited, ordered and deleted by people through the dev API (bots read them with guilds). */
export const rolesFeature: ServerFeature = { name: "roles", routes: devRoleRoutes };
