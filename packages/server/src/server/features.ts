import type { ServerFeature } from "../http/route.js";
import { commandsFeature } from "../features/commands/commands-feature.js";
import { guildsFeature } from "../features/guilds/guilds-feature.js";
import { interactionsFeature } from "../features/interactions/interactions-feature.js";
import { membersFeature } from "../features/members/members-feature.js";
import { messagesFeature } from "../features/messages/messages-feature.js";
import { webhooksFeature } from "../features/webhooks/webhooks-feature.js";

/** What the features are made with (see {@link serverFeatures}). */
export interface FeatureOptions {
  /** Interactions kept before the oldest closed ones are dropped (the interactions feature). */
  readonly keptInteractions?: number;
}

/**
 * The features the server installs, in the order of `features/` (a feature imports only features
 * before it: roles, channels, apps, members, guilds, automod, messages, commands, interactions,
 * webhooks). Features with neither hooks nor routes of their own (roles, channels, apps, automod)
 * are folders of operations the others and the dev API call, and are not listed.
 */
export function serverFeatures(options: FeatureOptions = {}): ServerFeature[] {
  return [
    membersFeature,
    guildsFeature,
    messagesFeature,
    commandsFeature,
    interactionsFeature(options.keptInteractions),
    webhooksFeature,
  ];
}
