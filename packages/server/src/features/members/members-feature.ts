import type { ServerFeature } from "../../http/route.js";
import { devMemberRoutes } from "./member-dev-routes.js";
import { TimeoutScheduler } from "./timeout-scheduler.js";

declare module "../../kernel/kernel.js" {
  interface Kernel {
    /** The deadlines of members' timeouts (the members feature). */
    readonly timeouts: TimeoutScheduler;
  }
}

/** Members of servers: joins, updates, timeouts (each timeout's end is a deadline on the clock). */
export const membersFeature: ServerFeature = {
  name: "members",
  routes: devMemberRoutes,
  install(kernel) {
    const timeouts = new TimeoutScheduler(kernel);
    kernel.decorate("timeouts", timeouts);
    kernel.on("loaded", () => timeouts.armAll());
    kernel.on("cleared", () => timeouts.cancelAll());
    kernel.on("closed", () => timeouts.cancelAll());
  },
};
