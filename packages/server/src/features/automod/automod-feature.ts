import type { ServerFeature } from "../../http/route.js";
import { devAutomodRoutes } from "./automod-dev-routes.js";

/** AutoMod: its rules, set by people through the dev API; messages consult them before a post. */
export const automodFeature: ServerFeature = { name: "automod", routes: devAutomodRoutes };
