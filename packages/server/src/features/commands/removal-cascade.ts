import type { Kernel } from "../../kernel/kernel.js";
import type { Transaction } from "../../kernel/changes/transaction.js";
import { commandScopeKey } from "./command-record.js";

/**
 * The commands that go with a removed row, inside the same transaction (the kernel runs it before
 * each save): a deleted app takes its commands; an install taken out takes that server's commands
 * of the app; a deleted server takes its commands.
 */
export function removalCascade(core: Kernel, tx: Transaction): void {
  if (!tx.hasRemovals) return;
  const tables = core.world.tables;
  for (const write of tx.writes) {
    if (write.row !== null) continue;
    const key = write.key;
    switch (write.kind) {
      case "apps":
        for (const id of [...tables.commands.by("app", key).keys()]) tx.remove("commands", id);
        break;
      case "installs": {
        const [guildId = "", appId = ""] = key.split(":");
        for (const id of [...tables.commands.by("scope", commandScopeKey(appId, guildId)).keys()]) {
          tx.remove("commands", id);
        }
        break;
      }
      case "guilds":
        for (const id of [...tables.commands.by("guild", key).keys()]) tx.remove("commands", id);
        break;
      default:
        break;
    }
  }
}
