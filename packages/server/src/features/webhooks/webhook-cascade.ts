import type { Kernel } from "../../kernel/kernel.js";
import type { Transaction } from "../../kernel/changes/transaction.js";

/**
 * The webhooks that go with a removed row, inside the same transaction (the kernel runs it before
 * each save): a deleted server or channel takes its webhooks; a maker who leaves pauses theirs
 * (`maker_left`) until a new URL is made.
 */
export function webhookCascade(core: Kernel, tx: Transaction): void {
  if (!tx.hasRemovals) return;
  const webhooks = core.world.tables.webhooks;
  for (const write of tx.writes) {
    if (write.row !== null) continue;
    const key = write.key;
    switch (write.kind) {
      case "guilds":
        for (const id of [...webhooks.by("guild", key).keys()]) tx.remove("webhooks", id);
        break;
      case "channels":
        for (const id of [...webhooks.by("channel", key).keys()]) tx.remove("webhooks", id);
        break;
      case "members": {
        const [guildId = "", userId = ""] = key.split(":");
        for (const webhook of [...webhooks.by("guild", guildId).values()]) {
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
