import { Requester } from "./request/requester.js";
import { REST_DEFAULTS, requesterConfig, trimBase } from "./request/requester-config.js";
import type { RestClientOptions } from "./request/request-options.js";
import { type BotRoutes, botRoutes } from "./routes/bot-routes.js";
import { type ChannelRoutes, channelRoutes } from "./routes/channel-routes.js";
import { type CommandRoutes, commandRoutes } from "./routes/command-routes.js";
import { type GuildRoutes, guildRoutes } from "./routes/guild-routes.js";
import { type InteractionRoutes, interactionRoutes } from "./routes/interaction-routes.js";
import { type ReactionRoutes, reactionRoutes } from "./routes/reaction-routes.js";

// Every route method of the RestClient, one interface per route group: the groups live in their
// own files under routes/ and are merged into the class, whose doc comment below is the one.
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export interface RestClient
  extends BotRoutes, GuildRoutes, ChannelRoutes, ReactionRoutes, CommandRoutes, InteractionRoutes {}

/**
 * A client of the service's REST interface (`{baseUrl}/v1`) for one bot token: a typed method per
 * route, bodies checked against the protocol schemas before sending, rate limits waited out
 * instead of refused, safe retries, and typed errors.
 *
 * @example
 * const rest = new RestClient({ token: process.env.BOT_TOKEN!, baseUrl: "http://127.0.0.1:8787" });
 * const me = await rest.getMe();
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class RestClient {
  /** The URL calls go to: the base URL with `/v1`. */
  readonly apiUrl: string;
  /** @internal The request pipeline (rate limits, retries, errors). */
  protected readonly requester: Requester;

  constructor(options: RestClientOptions) {
    if (typeof options.token !== "string" || options.token === "") {
      throw new TypeError("RestClient: token must be the bot token, a non-empty string");
    }
    this.apiUrl = `${trimBase(options.baseUrl)}/v1`;
    this.requester = new Requester(
      requesterConfig(options, {
        baseUrl: this.apiUrl,
        shownBase: "/v1",
        headers: { ...options.headers, authorization: `Bot ${options.token}` },
        globalLimit: options.globalLimit ?? REST_DEFAULTS.globalLimit,
      }),
    );
    const requester = this.requester;
    Object.assign(
      this,
      botRoutes(requester),
      guildRoutes(requester),
      channelRoutes(requester),
      reactionRoutes(requester),
      commandRoutes(requester),
      interactionRoutes(requester),
    );
  }

  /** Calls made through this client and not settled yet (waiting for a limit, sending, or retrying). */
  get inFlight(): number {
    return this.requester.inFlight;
  }

  /** Resolves once no call made through this client is in flight. */
  idle(): Promise<void> {
    return this.requester.idle();
  }

  /**
   * Closes the client's connections; idle keep-alive ones would otherwise hold the process for a few
   * seconds after the last call.
   */
  close(): Promise<void> {
    return this.requester.close();
  }
}
