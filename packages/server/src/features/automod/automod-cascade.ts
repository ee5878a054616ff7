import type { Kernel, RemovalCascade } from "../../kernel/kernel.js";

/** A deleted server takes its AutoMod rules, inside the same transaction. */
export function automodCascade(core: Kernel): RemovalCascade {
  const rules = core.world.tables.automod_rules;
  return {
    guilds: (key, tx) => {
      for (const id of [...rules.by("guild", key).keys()]) tx.remove("automod_rules", id);
    },
  };
}
