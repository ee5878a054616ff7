import type { ServerFeature } from "../../http/route.js";
import { devAppRoutes } from "./app-dev-routes.js";

/** Applications (bots), their users and tokens: made and edited by people through the dev API. */
export const appsFeature: ServerFeature = { name: "apps", routes: devAppRoutes };
