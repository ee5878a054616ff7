import { devConsoleRoutes } from "../dev-api/console-routes.js";
import { devFaultRoutes } from "../dev-api/fault-routes.js";
import { devWorldRoutes } from "../dev-api/world-routes.js";
import { devPagesRoute } from "../http/dev-pages.js";
import { indexRoute } from "../http/index-page.js";
import type { Route } from "../http/route.js";
import { serverFeatures } from "./features.js";

/**
 * The route table, as data: the routes of every feature (`/v1`, their `/dev/v1` routes and the
 * webhook executions), the dev API's own routes (world, faults, the console's views), the front
 * page, and the console with the live stream. Raw routes (see `RawRoute`) are tried in this order
 * before the JSON routes are looked up.
 */
export const ROUTES: readonly Route[] = [
  ...serverFeatures().flatMap((feature) => feature.routes ?? []),
  ...devWorldRoutes,
  ...devFaultRoutes,
  ...devConsoleRoutes,
  indexRoute,
  devPagesRoute,
];
