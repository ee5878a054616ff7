import { devPagesRoute } from "../http/dev-pages.js";
import { indexRoute } from "../http/index-page.js";
import type { Route } from "../http/route.js";
import { serverFeatures } from "./features.js";
import { devAppRoutes } from "../routes/dev/apps.js";
import { devAutomodRoutes } from "../routes/dev/automod.js";
import { devChannelRoutes } from "../routes/dev/channels.js";
import { devConsoleRoutes } from "../routes/dev/console.js";
import { devFaultRoutes } from "../routes/dev/faults.js";
import { devGuildRoutes } from "../routes/dev/guilds.js";
import { devInteractionRoutes } from "../routes/dev/interactions.js";
import { devMemberRoutes } from "../routes/dev/members.js";
import { devMessageRoutes } from "../routes/dev/messages.js";
import { devRoleRoutes } from "../routes/dev/roles.js";
import { devWebhookRoutes } from "../routes/dev/webhooks.js";
import { devWorldRoutes } from "../routes/dev/world.js";

/**
 * The route table, as data: the routes of every feature (`/v1`, and the webhook executions), the
 * `/dev/v1` routes, the front page, and the console with the live stream. Raw routes (see
 * `RawRoute`) are tried in this order before the JSON routes are looked up.
 */
export const ROUTES: readonly Route[] = [
  ...serverFeatures().flatMap((feature) => feature.routes ?? []),
  ...devAppRoutes,
  ...devGuildRoutes,
  ...devMemberRoutes,
  ...devRoleRoutes,
  ...devChannelRoutes,
  ...devMessageRoutes,
  ...devWorldRoutes,
  ...devAutomodRoutes,
  ...devWebhookRoutes,
  ...devInteractionRoutes,
  ...devFaultRoutes,
  ...devConsoleRoutes,
  indexRoute,
  devPagesRoute,
];
