import type { GuildCreatePayload, Intent } from "@chatbot/protocol";
import type { ServerCore } from "../core/server-core.js";
import { effectiveIntents } from "../ops/effective.js";
import { guildCreatePayload } from "../serialize/guild.js";
import type { AppRecord, GuildRecord, InstallRecord } from "../world/records.js";

/**
 * The `GUILD_CREATE` / `GUILD_UPDATE` payload of `guild` for a connection that requested
 * `requested`: the bot's snapshot, the install's effective scopes, the intents it receives there
 * (requested within the effective grant, as in the `GUILD_CREATE`s after `READY`) and the emojis.
 */
export function guildPayloadFor(
  core: ServerCore,
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
