import type { ServerFeature } from "../http/route.js";
import { appsFeature } from "../features/apps/apps-feature.js";
import { automodFeature } from "../features/automod/automod-feature.js";
import { channelsFeature } from "../features/channels/channels-feature.js";
import { commandsFeature } from "../features/commands/commands-feature.js";
import { guildsFeature } from "../features/guilds/guilds-feature.js";
import { interactionsFeature } from "../features/interactions/interactions-feature.js";
import { membersFeature } from "../features/members/members-feature.js";
import { messagesFeature } from "../features/messages/messages-feature.js";
import { rolesFeature } from "../features/roles/roles-feature.js";
import { webhooksFeature } from "../features/webhooks/webhooks-feature.js";

/** What the features are made with (see {@link serverFeatures}). */
export interface FeatureOptions {
  /** Interactions kept before the oldest closed ones are dropped (the interactions feature). */
  readonly keptInteractions?: number;
}

/**
 * The features the server installs, each once, in the order of `features/` (a feature imports only
 * features before it). Each brings its routes (`/v1` and `/dev/v1`) and installs its hooks and
 * services; adding a resource of the interface is adding its folder and a line here.
 */
export function serverFeatures(options: FeatureOptions = {}): ServerFeature[] {
  return [
    rolesFeature,
    channelsFeature,
    appsFeature,
    membersFeature,
    guildsFeature,
    automodFeature,
    messagesFeature,
    commandsFeature,
    interactionsFeature(options.keptInteractions),
    webhooksFeature,
  ];
}
