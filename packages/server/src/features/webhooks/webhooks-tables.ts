import { Table } from "../../kernel/world/table.js";
import { type TableSpec, defineTable } from "../../kernel/world/world.js";
import type { WebhookRecord } from "./webhook-record.js";

declare module "../../kernel/world/world.js" {
  interface WorldTables {
    webhooks: Table<WebhookRecord, "guild" | "channel">;
  }
}

/** The webhooks feature's table. */
export const WEBHOOKS_TABLES: readonly TableSpec[] = [
  defineTable(
    "webhooks",
    () => new Table((r) => r.id, { guild: (r) => r.guild_id, channel: (r) => r.channel_id }),
  ),
];
