import type { ServerFeature } from "../../http/route.js";
import { automodCascade } from "./automod-cascade.js";
import { devAutomodRoutes } from "./automod-dev-routes.js";
import { AUTOMOD_TABLES } from "./automod-tables.js";

/**
 * AutoMod: its rules, in their table, set by people through the dev API; messages consult them
 * before a post, and a deleted server takes them along.
 */
export const automodFeature: ServerFeature = {
  name: "automod",
  routes: devAutomodRoutes,
  tables: AUTOMOD_TABLES,
  install(kernel) {
    kernel.onRemoved(automodCascade(kernel));
  },
};
