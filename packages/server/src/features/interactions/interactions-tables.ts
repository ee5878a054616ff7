import { Table } from "../../kernel/world/table.js";
import { type TableSpec, defineTable } from "../../kernel/world/world.js";
import { type InteractionRecord, interactionViewerKey } from "./interaction-record.js";

declare module "../../kernel/world/world.js" {
  interface WorldTables {
    /** Indexed by `viewer` (a channel and a person: whose ephemeral answers are whose). */
    interactions: Table<InteractionRecord, "viewer">;
  }
}

/** The interactions feature's table. */
export const INTERACTIONS_TABLES: readonly TableSpec[] = [
  defineTable(
    "interactions",
    () => new Table((r) => r.id, { viewer: (r) => interactionViewerKey(r.channel_id, r.user_id) }),
  ),
];
