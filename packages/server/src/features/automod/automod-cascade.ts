import type { Kernel } from "../../kernel/kernel.js";
import type { Transaction } from "../../kernel/changes/transaction.js";

/** A deleted server takes its AutoMod rules, inside the same transaction (run before each save). */
export function automodCascade(core: Kernel, tx: Transaction): void {
  if (!tx.hasRemovals) return;
  const rules = core.world.tables.automod_rules;
  for (const write of tx.writes) {
    if (write.row !== null || write.kind !== "guilds") continue;
    for (const id of [...rules.by("guild", write.key).keys()]) tx.remove("automod_rules", id);
  }
}
