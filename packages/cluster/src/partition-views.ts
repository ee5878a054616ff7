import { eachLimited } from "@chatbot/kit";
import type { Bot, Logger } from "@chatbot/framework";
import type { GatewayDispatch } from "@chatbot/gateway";
import type { ReadyPayload } from "@chatbot/protocol";
import { partitionOf } from "./partition.js";
import { partitionOfStream } from "./worker-streams.js";

/**
 * A new session's READY for each partition, with that partition's servers only, published to it:
 * the worker holding it replaces its view of them (a server removed while no connection was up is
 * gone from it).
 */
export function readyEvents(ready: ReadyPayload, partitions: number): Array<[number, GatewayDispatch]> {
  const guilds = Array.from({ length: partitions }, (): ReadyPayload["guilds"] => []);
  for (const guild of ready.guilds) guilds[partitionOf(guild.id, partitions)]!.push(guild);
  return guilds.map((list, p) => [p, { name: "READY", data: { ...ready, guilds: list } }]);
}

/** Servers read over REST at once when a partition is taken. */
const CONCURRENCY = 8;
/** How long one list of the bot's servers serves the partitions taken together (a worker joining takes several). */
const LIST_FOR_MS = 2_000;

/**
 * A worker's share of the bot's world: the views of the servers of the partitions it holds. On
 * taking a partition it reads those servers over REST (`GET /v1/users/@me/guilds`, then
 * `GET /v1/guilds/{id}` each) before the partition's first entry runs; on letting it go it drops
 * them. A new session's READY (published to each partition with that partition's servers) replaces
 * them as a READY does in one process.
 */
export class PartitionViews {
  readonly #bot: Bot;
  readonly #partitions: number;
  readonly #logger: Logger;
  /** The bot's servers as last listed, shared by the partitions taken within {@link LIST_FOR_MS}. */
  #list: { readonly at: number; readonly ids: Promise<string[]> } | null = null;

  constructor(bot: Bot, partitions: number, logger: Logger) {
    this.#bot = bot;
    this.#partitions = partitions;
    this.#logger = logger;
  }

  /** Reads the servers of partition `p` into the view; answers how many. */
  async take(p: number): Promise<number> {
    const { rest, world } = this.#bot;
    let ids: string[];
    try {
      ids = (await this.#listed()).filter((id) => this.#of(id) === p);
    } catch (error) {
      this.#logger.warn(
        `cluster: could not list the bot's servers to read partition ${p}'s: ${String(error)}`,
      );
      return 0;
    }
    let loaded = 0;
    await eachLimited(ids, CONCURRENCY, async (id) => {
      try {
        const snapshot = await rest.getGuild(id);
        // The get-server answer lists every intent the install grants; the view says those this
        // bot's connection receives, as GUILD_CREATE does (found by the cluster's oracle test).
        const intents = snapshot.intents?.filter((intent) => this.#bot.intents.includes(intent));
        world.load(intents === undefined ? snapshot : { ...snapshot, intents });
        loaded++;
      } catch (error) {
        // Gone since it was listed (404): its GUILD_DELETE is in the partition's stream.
        if ((error as { status?: unknown }).status !== 404) {
          this.#logger.warn(`cluster: could not read server ${id} of partition ${p}: ${String(error)}`);
        }
      }
    });
    return loaded;
  }

  #listed(): Promise<string[]> {
    const now = Date.now();
    if (this.#list === null || now - this.#list.at > LIST_FOR_MS) {
      const ids = this.#bot.rest.getGuilds().then((list) => list.map((g) => g.id));
      // A failed list is not kept: the next partition asks again.
      ids.catch(() => (this.#list = null));
      this.#list = { at: now, ids };
    }
    return this.#list.ids;
  }

  /** Drops the servers of partition `p` from the view. */
  release(p: number): void {
    this.#bot.world.removeWhere((server) => this.#of(server.id) === p);
  }

  /** A READY of partition `p`: its servers not named are gone, and the people met there forgotten. */
  ready(p: number, ready: ReadyPayload): void {
    const named = new Set(ready.guilds.map((g) => g.id));
    const world = this.#bot.world;
    world.removeWhere((server) => this.#of(server.id) === p && !named.has(server.id));
    for (const server of world.servers()) if (this.#of(server.id) === p) server.members.clear();
  }

  /**
   * Runs one entry of partition stream `stream`: a READY only the view takes (no handler runs for
   * it); any other event goes to the bot's handlers, told it is `redelivered` when the entry was
   * taken over from a worker that stopped before marking it handled. Answers whether handlers ran.
   */
  async handle(stream: string, event: GatewayDispatch, redelivered = false): Promise<boolean> {
    if (event.name !== "READY") {
      if (redelivered && event.data) (event.data as { redelivered?: boolean }).redelivered = true;
      await this.#bot.handle(event);
      return true;
    }
    this.ready(partitionOfStream(stream), event.data);
    return false;
  }

  #of(guildId: string): number {
    return partitionOf(guildId, this.#partitions);
  }
}
