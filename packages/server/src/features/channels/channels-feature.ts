import type { ServerFeature } from "../../http/route.js";
import { devChannelRoutes } from "./channel-dev-routes.js";

/** Channels and categories: made, edited and deleted by people through the dev API. */
export const channelsFeature: ServerFeature = { name: "channels", routes: devChannelRoutes };
