import { Table } from "../../kernel/world/table.js";
import { type TableSpec, defineTable } from "../../kernel/world/world.js";
import { type CommandRecord, commandScopeKey } from "./command-record.js";

declare module "../../kernel/world/world.js" {
  interface WorldTables {
    /** Indexed by `scope` (an app's global commands, or its commands in one server), `app`, `guild`. */
    commands: Table<CommandRecord, "scope" | "app" | "guild">;
  }
}

/** The commands feature's table. */
export const COMMANDS_TABLES: readonly TableSpec[] = [
  defineTable(
    "commands",
    () =>
      new Table((r) => r.id, {
        scope: (r) => commandScopeKey(r.application_id, r.guild_id),
        app: (r) => r.application_id,
        guild: (r) => r.guild_id,
      }),
  ),
];
