/**
 * A keyword rule of a server's AutoMod: a message or webhook post whose text matches one of the
 * keywords is blocked (see `keyword-matcher.ts` for the matching).
 */
export interface AutomodRuleRecord {
  readonly id: string;
  readonly guild_id: string;
  readonly name: string;
  /** As given (trimmed); matched case-insensitively, `*` as a wildcard at either end. */
  readonly keywords: readonly string[];
  /** When set, webhook posts are not checked by this rule. */
  readonly exempt_webhooks: boolean;
  /** The person who made the rule. */
  readonly creator_id: string;
  readonly created_at: number;
}
