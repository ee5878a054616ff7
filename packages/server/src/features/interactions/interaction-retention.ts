import { LIMITS } from "@chatbot/protocol";
import type { Transaction } from "../../kernel/changes/transaction.js";

/** How many interactions the server keeps by default before it drops the oldest closed ones. */
export const DEFAULT_KEPT_INTERACTIONS = 10_000;

/**
 * Keeps the interactions table to `keep` records: past it, the oldest interactions whose 15 minutes
 * for edits and followups have passed are removed in `tx` (with their ephemeral answers; answers
 * posted as messages stay). One still inside its 15 minutes is never removed, so the table may hold
 * more while many are open. Without it a long session grew by one record per command use.
 */
export function dropClosedInteractions(tx: Transaction, keep: number): void {
  const interactions = tx.world.tables.interactions;
  const excess = interactions.size - keep;
  if (excess <= 0) return;
  const closedBefore = tx.now - LIMITS.interactionFollowupMs;
  const closed: string[] = [];
  // Rows come in the order they were first put, oldest first: past the first one still open, every
  // later one is open too, so the walk stops there instead of reading the whole table on each use.
  for (const interaction of interactions.values()) {
    if (interaction.created_at > closedBefore || closed.length === excess) break;
    closed.push(interaction.id);
  }
  for (const id of closed) tx.remove("interactions", id);
}
