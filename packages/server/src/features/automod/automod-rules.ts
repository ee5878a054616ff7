import type { Kernel } from "../../kernel/kernel.js";
import { ConflictError, UnknownObjectError } from "../../kernel/errors/api-error.js";
import { compareIds } from "../../kernel/ids.js";
import { requireGuildPermission, visibleGuild } from "../../kernel/visibility/access.js";
import type { PersonActor } from "../../kernel/actors/actor.js";
import type { AutomodRuleRecord } from "./automod-rule-record.js";

/** The most keyword rules a server may hold. */
export const AUTOMOD_RULES_PER_GUILD = 100;

/** Input of {@link createAutomodRule} (validated at the edge). */
export interface AutomodRuleInput {
  readonly name: string;
  readonly keywords: readonly string[];
  readonly exempt_webhooks?: boolean | undefined;
}

/** Makes a keyword rule, as a person with `manage_guild`; keywords are kept trimmed and unique. */
export function createAutomodRule(
  core: Kernel,
  actor: PersonActor,
  guildId: string,
  input: AutomodRuleInput,
): AutomodRuleRecord {
  return core.transact((tx) => {
    const guild = visibleGuild(core, actor, guildId);
    requireGuildPermission(core, actor, guild, "manage_guild");
    if (tx.world.tables.automod_rules.by("guild", guild.id).size >= AUTOMOD_RULES_PER_GUILD) {
      throw new ConflictError(`this server already has ${AUTOMOD_RULES_PER_GUILD} AutoMod rules`);
    }
    const rule: AutomodRuleRecord = {
      id: core.ids.next(),
      guild_id: guild.id,
      name: input.name,
      keywords: [...new Set(input.keywords.map((k) => k.trim()))],
      exempt_webhooks: input.exempt_webhooks ?? false,
      creator_id: actor.user.id,
      created_at: tx.now,
    };
    tx.put("automod_rules", rule);
    return rule;
  });
}

/** A server's rules, oldest first, for a person with `manage_guild`. */
export function listAutomodRules(core: Kernel, actor: PersonActor, guildId: string): AutomodRuleRecord[] {
  const guild = visibleGuild(core, actor, guildId);
  requireGuildPermission(core, actor, guild, "manage_guild");
  return [...core.world.tables.automod_rules.by("guild", guild.id).values()].sort((a, b) =>
    compareIds(a.id, b.id),
  );
}

/** Deletes a rule, as a person with `manage_guild`; `404 unknown_automod_rule` when there is none. */
export function deleteAutomodRule(core: Kernel, actor: PersonActor, guildId: string, ruleId: string): void {
  core.transact((tx) => {
    const guild = visibleGuild(core, actor, guildId);
    requireGuildPermission(core, actor, guild, "manage_guild");
    const rule = tx.world.tables.automod_rules.get(ruleId);
    if (!rule || rule.guild_id !== guild.id) throw new UnknownObjectError("automod_rule");
    tx.remove("automod_rules", ruleId);
  });
}
