import type { GuildCreatePayload, Intent } from "@chatbot/protocol";
import { logGateway, RecoveryKeeper, type StateStore } from "@chatbot/framework";
import { GatewayClient } from "@chatbot/gateway";
import type { RestClient } from "@chatbot/rest";
import type { BotHost } from "./bot-host.js";

/**
 * One connection to the gateway and what its READY said, kept up across reloads. It keeps where
 * the bot's message handling stands in the bot's store, as a bot of its own does, so that the next
 * `chatbot dev` reads back what was posted while none ran.
 */
export class DevConnection {
  readonly ready: { userId: string; guilds: GuildCreatePayload[] } = { userId: "", guilds: [] };
  readonly gateway: GatewayClient;
  readonly keeper: RecoveryKeeper;
  /** Whether events go on to the bot: not before this connection's first READY has been taken in. */
  #live = false;
  constructor(
    readonly rest: RestClient,
    token: string,
    gatewayUrl: string,
    readonly intents: readonly Intent[],
    host: BotHost,
    store: StateStore,
  ) {
    this.gateway = new GatewayClient({ token, intents: [...intents], rest, gatewayUrl });
    this.keeper = new RecoveryKeeper(this.gateway, store, host.setup.logger);
    logGateway(this.gateway, host.setup.logger);
    this.gateway.on("dispatch", (event) => {
      if (event.name === "READY") {
        this.ready.userId = event.data.user.id;
        this.ready.guilds = [];
      }
      if (event.name === "GUILD_CREATE") {
        this.ready.guilds = [...this.ready.guilds.filter((g) => g.id !== event.data.id), event.data];
      }
      if (event.name === "GUILD_DELETE")
        this.ready.guilds = this.ready.guilds.filter((g) => g.id !== event.data.id);
      // A connection's first READY and servers reach the bot through shared(), not as events.
      return this.#live ? host.deliver(event, this.keeper) : undefined;
    });
  }
  /** Connects; `resume`: first reads back what was posted since the last `chatbot dev` stopped. */
  async open(resume: boolean): Promise<void> {
    if (resume) await this.keeper.resume();
    // Live from the `ready` event itself: the events right behind it in the client's queue are
    // handed over before an awaiting continuation would run, and they must reach the bot.
    const ready = new Promise<void>((resolve) =>
      this.gateway.once("ready", () => {
        this.#live = true;
        resolve();
      }),
    );
    await this.gateway.connect();
    await ready;
    this.keeper.start();
  }

  /** Closes the connection and keeps where it stood. */
  async close(): Promise<void> {
    await this.gateway.close();
    await this.keeper.stop();
  }
}
