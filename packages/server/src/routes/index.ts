import type { Route } from "../http/route.js";
import { devAppRoutes } from "./dev/apps.js";
import { devAutomodRoutes } from "./dev/automod.js";
import { devChannelRoutes } from "./dev/channels.js";
import { devConsoleRoutes } from "./dev/console.js";
import { devFaultRoutes } from "./dev/faults.js";
import { devGuildRoutes } from "./dev/guilds.js";
import { devInteractionRoutes } from "./dev/interactions.js";
import { devMemberRoutes } from "./dev/members.js";
import { devMessageRoutes } from "./dev/messages.js";
import { devRoleRoutes } from "./dev/roles.js";
import { devWebhookRoutes } from "./dev/webhooks.js";
import { devWorldRoutes } from "./dev/world.js";
import { channelRoutes } from "./v1/channels.js";
import { commandRoutes } from "./v1/commands.js";
import { guildRoutes } from "./v1/guilds.js";
import { interactionRoutes } from "./v1/interactions.js";
import { meRoutes } from "./v1/me.js";

/** The route table: every `/v1` and `/dev/v1` route, as data. */
export const ROUTES: readonly Route[] = [
  ...meRoutes,
  ...guildRoutes,
  ...channelRoutes,
  ...commandRoutes,
  ...interactionRoutes,
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
];
