import type { Intent } from "@chatbot/protocol";
import { guildPayloadFor } from "./guild-payload.js";
import type { GatewayBackend, GatewayIdentity } from "../gateway/gateway-backend.js";
import { authenticateToken } from "../kernel/actors/tokens.js";
import { serializeUser } from "../kernel/actors/user-serializer.js";
import { pairKey } from "../kernel/world/world.js";
import type { Kernel } from "../kernel/kernel.js";

/**
 * The core as the gateway's backend: token checks by hash, the servers `READY` lists (read from the
 * app's installs) and each `GUILD_CREATE` after it (with the intents the connection asked for within
 * what that install grants), and the connection history the history rule reads.
 */
export function createGatewayBackend(core: Kernel, heartbeatIntervalMs: number): GatewayBackend {
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
    guildIds(appId: string) {
      return [...core.world.tables.installs.by("app", appId).values()].map((install) => install.guild_id);
    },
    guildCreate(appId: string, guildId: string, intents: readonly Intent[]) {
      const tables = core.world.tables;
      const app = tables.apps.get(appId);
      const guild = tables.guilds.get(guildId);
      const install = tables.installs.get(pairKey(guildId, appId));
      return app && guild && install ? guildPayloadFor(core, guild, app, install, intents) : null;
    },
    connected: (appId: string) => core.presence.connected(appId),
    disconnected: (appId: string) => core.presence.disconnected(appId),
  };
}
