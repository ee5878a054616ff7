import type { ServerFeature } from "../../http/route.js";
import { InteractionDeadlines } from "./interaction-deadlines.js";
import { devInteractionRoutes } from "./interaction-dev-routes.js";
import { interactionRoutes } from "./interaction-routes.js";
import { INTERACTIONS_TABLES } from "./interactions-tables.js";
import { DEFAULT_KEPT_INTERACTIONS } from "./interaction-retention.js";

declare module "../../kernel/kernel.js" {
  interface Kernel {
    /** The 3-second answer window of each delivered interaction (the interactions feature). */
    readonly interactions: InteractionDeadlines;
    /** How many interactions are kept before the oldest closed ones are dropped. */
    readonly keptInteractions: number;
  }
}

/**
 * Interactions: command uses, their answers and deadlines. `keptInteractions` (default
 * {@link DEFAULT_KEPT_INTERACTIONS}) bounds the table; a bad number throws a `RangeError`.
 */
export function interactionsFeature(keptInteractions = DEFAULT_KEPT_INTERACTIONS): ServerFeature {
  if (!(Number.isInteger(keptInteractions) && keptInteractions >= 0)) {
    throw new RangeError(`keptInteractions must be a whole number of 0 or more, got ${keptInteractions}`);
  }
  return {
    name: "interactions",
    routes: [...interactionRoutes, ...devInteractionRoutes],
    tables: INTERACTIONS_TABLES,
    install(kernel) {
      const deadlines = new InteractionDeadlines(kernel);
      kernel.decorate("interactions", deadlines);
      kernel.decorate("keptInteractions", keptInteractions);
      kernel.on("loaded", () => deadlines.armAll());
      kernel.on("cleared", () => deadlines.cancelAll());
      kernel.on("closed", () => deadlines.cancelAll());
    },
  };
}
