import { json, rawJson } from "../../http/reply.js";
import { type BotRoute, botRoute } from "../../http/route.js";
import { compareIds } from "../../kernel/ids.js";
import { serializeGuildListEntry } from "./guild-serializer.js";
import { RecordJson } from "../../http/record-json.js";
import { serializeApplication, serializeUser } from "../../kernel/actors/user-serializer.js";

// `GET /v1/users/@me` is the call bots make most (health checks, start-up): answer it from text.
const userJson = new RecordJson(serializeUser);

/** `/v1` routes of the section "Bot and application". */
export const meRoutes: BotRoute[] = [
  botRoute({
    method: "GET",
    path: "/v1/users/@me",
    handle: ({ bot }) => rawJson(userJson.of(bot.user)),
  }),
  botRoute({
    method: "GET",
    path: "/v1/applications/@me",
    handle: ({ bot }) => json(serializeApplication(bot.app)),
  }),
  botRoute({
    method: "GET",
    path: "/v1/users/@me/guilds",
    handle: ({ core, bot }) => {
      const guilds = [...core.world.tables.installs.by("app", bot.app.id).values()]
        .map((install) => core.world.tables.guilds.get(install.guild_id))
        .filter((guild) => guild !== undefined)
        .sort((a, b) => compareIds(a.id, b.id));
      return json(guilds.map(serializeGuildListEntry));
    },
  }),
  botRoute({
    method: "GET",
    path: "/v1/gateway",
    handle: ({ runtime }) => json({ url: runtime.gatewayUrl() }),
  }),
];
