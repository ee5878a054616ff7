import type { Kernel, RemovalCascade } from "../../kernel/kernel.js";

/**
 * The webhooks that go with a removed row, inside the same transaction: a deleted server or channel
 * takes its webhooks; a maker who leaves pauses theirs (`maker_left`) until a new URL is made.
 */
export function webhookCascade(core: Kernel): RemovalCascade {
  const webhooks = core.world.tables.webhooks;
  return {
    guilds: (key, tx) => {
      for (const id of [...webhooks.by("guild", key).keys()]) tx.remove("webhooks", id);
    },
    channels: (key, tx) => {
      for (const id of [...webhooks.by("channel", key).keys()]) tx.remove("webhooks", id);
    },
    members: (key, tx) => {
      const [guildId = "", userId = ""] = key.split(":");
      for (const webhook of [...webhooks.by("guild", guildId).values()]) {
        if (webhook.maker_id === userId && !webhook.maker_left) {
          tx.put("webhooks", { ...webhook, maker_left: true });
        }
      }
    },
  };
}
