import type { Kernel } from "../../kernel/kernel.js";
import type { Transaction } from "../../kernel/changes/transaction.js";
import { commandScopeKey } from "../../kernel/world/command-record.js";

/**
 * What goes with a removed row, inside the same transaction (the core runs it before each save):
 * a deleted app takes its commands; an install taken out takes that server's commands of the app;
 * a deleted server takes its commands, webhooks and AutoMod rules; a deleted channel takes its
 * webhooks; a maker who leaves pauses their webhooks (`maker_left`) until a new URL is made.
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
        for (const id of [...tables.webhooks.by("guild", key).keys()]) tx.remove("webhooks", id);
        for (const id of [...tables.automod_rules.by("guild", key).keys()]) tx.remove("automod_rules", id);
        break;
      case "channels":
        for (const id of [...tables.webhooks.by("channel", key).keys()]) tx.remove("webhooks", id);
        break;
      case "members": {
        const [guildId = "", userId = ""] = key.split(":");
        for (const webhook of [...tables.webhooks.by("guild", guildId).values()]) {
          if (webhook.maker_id === userId && !webhook.maker_left) {
            tx.put("webhooks", { ...webhook, maker_left: true });
          }
        }
        break;
      }
      default:
        break;
    }
  }
}
