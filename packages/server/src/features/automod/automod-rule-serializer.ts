import type { DevAutomodRule } from "@chatbot/protocol/dev";
import type { AutomodRuleRecord } from "./automod-rule-record.js";

/** An AutoMod rule as the dev API shows it. */
export type AutomodRuleView = DevAutomodRule;

/** The dev API's view of a rule. */
export function serializeAutomodRule(rule: AutomodRuleRecord): AutomodRuleView {
  return {
    id: rule.id,
    guild_id: rule.guild_id,
    name: rule.name,
    keywords: [...rule.keywords],
    exempt_webhooks: rule.exempt_webhooks,
    creator_id: rule.creator_id,
    created_at: rule.created_at,
  };
}
