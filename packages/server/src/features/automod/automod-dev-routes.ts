import { AutomodRuleBodySchema } from "@chatbot/protocol/dev";
import { createAutomodRule, deleteAutomodRule, listAutomodRules } from "./automod-rules.js";
import { json, NO_CONTENT } from "../../http/reply.js";
import { type DevRoute, devRoute } from "../../http/route.js";
import { serializeAutomodRule } from "./automod-rule-serializer.js";

/** Dev routes for AutoMod keyword rules, as a person with `manage_guild`. */
export const devAutomodRoutes: DevRoute[] = [
  devRoute({
    method: "POST",
    path: "/dev/v1/guilds/:guild_id/automod-rules",
    body: AutomodRuleBodySchema,
    handle: ({ core, actor, param, body }) =>
      json(serializeAutomodRule(createAutomodRule(core, actor(), param("guild_id"), body)), 201),
  }),
  devRoute({
    method: "GET",
    path: "/dev/v1/guilds/:guild_id/automod-rules",
    handle: ({ core, actor, param }) =>
      json(listAutomodRules(core, actor(), param("guild_id")).map(serializeAutomodRule)),
  }),
  devRoute({
    method: "DELETE",
    path: "/dev/v1/guilds/:guild_id/automod-rules/:rule_id",
    handle: ({ core, actor, param }) => {
      deleteAutomodRule(core, actor(), param("guild_id"), param("rule_id"));
      return NO_CONTENT;
    },
  }),
];
