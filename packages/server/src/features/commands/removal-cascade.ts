import type { Kernel, RemovalCascade } from "../../kernel/kernel.js";
import { commandScopeKey } from "./command-record.js";

/**
 * The commands that go with a removed row, inside the same transaction: a deleted app takes its
 * commands; an install taken out takes that server's commands of the app; a deleted server takes
 * its commands.
 */
export function commandCascade(core: Kernel): RemovalCascade {
  const commands = core.world.tables.commands;
  return {
    apps: (key, tx) => {
      for (const id of [...commands.by("app", key).keys()]) tx.remove("commands", id);
    },
    installs: (key, tx) => {
      const [guildId = "", appId = ""] = key.split(":");
      for (const id of [...commands.by("scope", commandScopeKey(appId, guildId)).keys()]) {
        tx.remove("commands", id);
      }
    },
    guilds: (key, tx) => {
      for (const id of [...commands.by("guild", key).keys()]) tx.remove("commands", id);
    },
  };
}
