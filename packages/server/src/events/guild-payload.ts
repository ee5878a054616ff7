import type { GuildCreatePayload, Intent } from "@chatbot/protocol";
import type { Kernel } from "../kernel/kernel.js";
import { effectiveIntents } from "../kernel/permissions/effective.js";
import { guildCreatePayload } from "../features/guilds/guild-serializer.js";
import type { AppRecord, GuildRecord, InstallRecord } from "../kernel/world/records.js";

/**
 * The `GUILD_CREATE` / `GUILD_UPDATE` payload of `guild` for a connection that requested
 * `requested`: the bot's snapshot, the install's effective scopes, the intents it receives there
 * (requested within the effective grant, as in the `GUILD_CREATE`s after `READY`) and the emojis.
 */
export function guildPayloadFor(
  core: Kernel,
  guild: GuildRecord,
  app: AppRecord,
  install: InstallRecord,
  requested: readonly Intent[],
): GuildCreatePayload {
  return {
    ...guildCreatePayload(core, guild, app, install),
    intents: effectiveIntents(app, install).filter((intent) => requested.includes(intent)),
  };
}
