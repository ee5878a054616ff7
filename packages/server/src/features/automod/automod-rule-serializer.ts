import type { AutomodRuleRecord } from "../../kernel/world/automod-rule-record.js";

/** An AutoMod rule as the dev API shows it. */
export interface AutomodRuleView {
  readonly id: string;
  readonly guild_id: string;
  readonly name: string;
  readonly keywords: string[];
  readonly exempt_webhooks: boolean;
  readonly creator_id: string;
  readonly created_at: number;
}

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
