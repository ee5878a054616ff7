import { Table } from "../../kernel/world/table.js";
import { type TableSpec, defineTable } from "../../kernel/world/world.js";
import type { AutomodRuleRecord } from "./automod-rule-record.js";

declare module "../../kernel/world/world.js" {
  interface WorldTables {
    automod_rules: Table<AutomodRuleRecord, "guild">;
  }
}

/** AutoMod's table. */
export const AUTOMOD_TABLES: readonly TableSpec[] = [
  defineTable("automod_rules", () => new Table((r) => r.id, { guild: (r) => r.guild_id })),
];
