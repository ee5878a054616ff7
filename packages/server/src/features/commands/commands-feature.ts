import type { ServerFeature } from "../../http/route.js";
import { commandRoutes } from "./command-routes.js";
import { COMMANDS_TABLES } from "./commands-tables.js";
import { commandCascade } from "./removal-cascade.js";

/** Application commands, in their table; a removed app, install or server takes its commands along. */
export const commandsFeature: ServerFeature = {
  name: "commands",
  routes: commandRoutes,
  tables: COMMANDS_TABLES,
  install(kernel) {
    kernel.onRemoved(commandCascade(kernel));
  },
};
