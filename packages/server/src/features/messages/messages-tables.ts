import type { Kernel, RemovalCascade } from "../../kernel/kernel.js";
import type { MessageRecord } from "../../kernel/world/records.js";
import { Table } from "../../kernel/world/table.js";
import { type TableSpec, type World, defineTable, nonceKey, pairKey } from "../../kernel/world/world.js";

declare module "../../kernel/world/world.js" {
  interface WorldTables {
    /**
     * Indexed by `nonce` (per channel and author). Ordered: `channel`, a channel's message ids, and
     * `author`, one author's in a channel (grouped by {@link pairKey} of channel and author). They
     * are ordered indexes, not indexes of rows: one Map entry less per message.
     */
    messages: Table<MessageRecord, "nonce", "channel" | "author">;
  }
}

/** The messages feature's table. */
export const MESSAGES_TABLES: readonly TableSpec[] = [
  defineTable(
    "messages",
    () =>
      new Table(
        (r) => r.id,
        { nonce: (r) => (r.nonce === null ? null : nonceKey(r.channel_id, r.author_id, r.nonce)) },
        {
          channel: { group: (r) => r.channel_id, id: (r) => r.id },
          author: { group: (r) => pairKey(r.channel_id, r.author_id), id: (r) => r.id },
        },
      ),
  ),
];

/** Whether any message of the world has an id strictly between `after` and `before`. */
export function anyMessageBetween(world: World, after: string, before: string): boolean {
  let found = false;
  for (const channel of world.tables.channels.values()) {
    world.tables.messages.ordered("channel", channel.id).walk({ after, before }, () => {
      found = true;
      return false;
    });
    if (found) return true;
  }
  return false;
}

/**
 * A deleted channel takes its messages, inside the same transaction; a deleted server takes its
 * channels, so their messages too.
 */
export function messageCascade(core: Kernel): RemovalCascade {
  const messages = core.world.tables.messages;
  return {
    channels: (key, tx) => {
      for (const id of messages.ordered("channel", key).toArray()) tx.remove("messages", id);
    },
  };
}
