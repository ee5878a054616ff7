import type { ServerFeature } from "../../http/route.js";
import { devGuildRoutes } from "./guild-dev-routes.js";
import { guildRoutes } from "./guild-routes.js";
import { meRoutes } from "./me-routes.js";

/** Servers (guilds), their emojis and audit log, and the bot's own `/users/@me` views of them. */
export const guildsFeature: ServerFeature = {
  name: "guilds",
  routes: [...meRoutes, ...guildRoutes, ...devGuildRoutes],
};
