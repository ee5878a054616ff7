import type { ServerFeature } from "../../http/route.js";
import { commandRoutes } from "./command-routes.js";
import { removalCascade } from "./removal-cascade.js";

/** Application commands; a removed app, install, server or channel takes what hangs on it along. */
export const commandsFeature: ServerFeature = {
  name: "commands",
  routes: commandRoutes,
  install(kernel) {
    kernel.beforeCommit((tx) => removalCascade(kernel, tx));
  },
};
