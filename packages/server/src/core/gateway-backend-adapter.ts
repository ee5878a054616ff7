import type { Intent } from "@chatbot/protocol";
import type { GatewayBackend, GatewayIdentity } from "../gateway/gateway-backend.js";
import { authenticateToken } from "../ops/apps.js";
import { effectiveIntents } from "../ops/effective.js";
import { guildCreatePayload } from "../serialize/guild.js";
import { serializeUser } from "../serialize/user.js";
import type { ServerCore } from "./server-core.js";

/**
 * The core as the gateway's backend: token checks by hash, the initial `GUILD_CREATE`s (each with
 * the intents the connection asked for within what that install grants), and the connection
 * history the history rule reads.
 */
export function createGatewayBackend(core: ServerCore, heartbeatIntervalMs: number): GatewayBackend {
  return {
    clock: core.clock,
    heartbeatIntervalMs,
    authenticate(token: string): GatewayIdentity | null {
      const bot = authenticateToken(core, token);
      if (!bot) return null;
      return {
        appId: bot.app.id,
        user: serializeUser(bot.user),
        application: { id: bot.app.id, name: bot.app.name },
      };
    },
    initialGuilds(appId: string, intents: readonly Intent[]) {
      const app = core.world.tables.apps.get(appId);
      if (!app) return [];
      const payloads = [];
      for (const install of core.world.tables.installs.by("app", appId).values()) {
        const guild = core.world.tables.guilds.get(install.guild_id);
        if (!guild) continue;
        const payload = guildCreatePayload(core, guild, app, install);
        payloads.push({
          ...payload,
          intents: effectiveIntents(app, install).filter((i) => intents.includes(i)),
        });
      }
      return payloads;
    },
    connected: (appId: string) => core.presence.connected(appId),
    disconnected: (appId: string) => core.presence.disconnected(appId),
  };
}
