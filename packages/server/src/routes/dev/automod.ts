import { objectMessage } from "@chatbot/protocol";
import * as v from "valibot";
import { createAutomodRule, deleteAutomodRule, listAutomodRules } from "../../features/automod/automod-rules.js";
import { keywordCore } from "../../features/automod/keyword-matcher.js";
import { json, NO_CONTENT } from "../../http/reply.js";
import { type DevRoute, devRoute } from "../../http/route.js";
import { serializeAutomodRule } from "../../features/automod/automod-rule-serializer.js";

/** The most keywords of one rule, and the longest keyword (as on the widely used platform). */
export const AUTOMOD_KEYWORDS_MAX = 1000;
export const AUTOMOD_KEYWORD_LENGTH_MAX = 60;

const KeywordSchema = v.pipe(
  v.string("expected a string"),
  v.check((k) => keywordCore(k) !== "", "must hold something besides spaces and * wildcards"),
  v.check(
    (k) => k.trim().length <= AUTOMOD_KEYWORD_LENGTH_MAX,
    `at most ${AUTOMOD_KEYWORD_LENGTH_MAX} characters`,
  ),
);

/** `POST /dev/v1/guilds/{id}/automod-rules`: `{ name, keywords, exempt_webhooks? }`, strict. */
export const AutomodRuleBodySchema = v.strictObject(
  {
    name: v.pipe(
      v.string("expected a string"),
      v.minLength(1, "at least 1 character"),
      v.maxLength(100, "at most 100 characters"),
    ),
    keywords: v.pipe(
      v.array(KeywordSchema, "expected an array"),
      v.minLength(1, "at least 1 keyword"),
      v.maxLength(AUTOMOD_KEYWORDS_MAX, `at most ${AUTOMOD_KEYWORDS_MAX} keywords`),
    ),
    exempt_webhooks: v.optional(v.boolean("expected a boolean")),
  },
  objectMessage,
);

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
