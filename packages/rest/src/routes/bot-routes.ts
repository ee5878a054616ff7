import type { Application, GatewayAddress, GuildListEntry, User } from "@chatbot/protocol";
import type { RequestOptions } from "../request/request-options.js";
import type { Requester } from "../request/requester.js";

/** The bot and application routes of a {@link RestClient}. */
export interface BotRoutes {
  /** `GET /v1/users/@me`: the bot's user. */
  getMe(options?: RequestOptions): Promise<User>;
  /** `GET /v1/applications/@me`: the app. */
  getApplication(options?: RequestOptions): Promise<Application>;
  /** `GET /v1/users/@me/guilds`: the servers the app is installed in. */
  getGuilds(options?: RequestOptions): Promise<GuildListEntry[]>;
  /** `GET /v1/gateway`: the gateway's address object. */
  getGateway(options?: RequestOptions): Promise<GatewayAddress>;
  /** `GET /v1/gateway`: the gateway's `ws://` or `wss://` URL. */
  getGatewayUrl(options?: RequestOptions): Promise<string>;
}

/** Builds the {@link BotRoutes} over `requester`. */
export function botRoutes(requester: Requester): BotRoutes {
  const get = async <T>(path: string, options?: RequestOptions) =>
    (await requester.request<T>({ method: "GET", path, retry: true, options })).data;
  return {
    getMe: (options) => get("/users/@me", options),
    getApplication: (options) => get("/applications/@me", options),
    getGuilds: (options) => get("/users/@me/guilds", options),
    getGateway: (options) => get("/gateway", options),
    getGatewayUrl: async (options) => (await get<GatewayAddress>("/gateway", options)).url,
  };
}
