import type {
  Channel,
  Emoji,
  GatewayDispatchPayloads,
  GatewayEventName,
  GuildCreatePayload,
  GuildSnapshot,
  Interaction,
  Member,
  Message,
  User,
} from "@chatbot/protocol";
import type { ChannelAccess } from "../recovery-types.js";
import { MemberDirectory as Members, type MemberFetcher } from "./member-directory.js";
import { frozenEmojis, ServerView } from "./server-view.js";
import { type WorldStats, worldStats } from "./world-stats.js";

/** Members met kept per server when the options do not say (past it, one not met again goes first). */
export const DEFAULT_MEMBERS_PER_SERVER = 10_000;

/** A whole view as plain data ({@link WorldView.export}), to hand to another thread or process. */
export interface WorldSnapshot {
  readonly botUserId: string | null;
  readonly servers: ReadonlyArray<{
    /** The server as `GUILD_CREATE` carries it; `emojis` `null` when the view does not know them. */
    readonly server: Omit<GuildCreatePayload, "emojis"> & { readonly emojis: Emoji[] | null };
    /** The people met, in the order they are kept: members, or `{ user }` for users only. */
    readonly met: ReadonlyArray<Member | { readonly user: User }>;
  }>;
}

/** Options of a {@link WorldView}. */
export interface WorldViewOptions {
  /**
   * The people met, kept per server: `false` keeps none (`members.get` is then always
   * `undefined`), `{ maxPerServer }` at most that many per server (default 10,000).
   */
  readonly members?: false | { readonly maxPerServer?: number };
}

/** What the view asks of a REST client: one member (for `members.fetch`). */
export type WorldRest = MemberFetcher;

/** One gateway event as the view takes it: its name and its `d`, as the wire carries them. */
export interface WorldEvent {
  readonly name: GatewayEventName;
  readonly data: unknown;
}

function membersPerServer(options: WorldViewOptions): number {
  const members = options.members;
  if (members === false) return 0;
  const max = members?.maxPerServer ?? DEFAULT_MEMBERS_PER_SERVER;
  if (!Number.isInteger(max) || max < 0) {
    throw new TypeError(`world.members.maxPerServer must be a whole number of 0 or more, got ${String(max)}`);
  }
  return max;
}

/**
 * The bot's world as the gateway has told it: every server the bot is in, with its channels (those
 * the bot can see, each with the bot's own permissions), categories, roles, `me`, emojis, and the
 * people met. Built from the connect burst (`READY`, then a `GUILD_CREATE` per server) and kept by
 * each event in its server's order; a fresh `READY` replaces it (servers it does not name are
 * gone). Every read is synchronous; what the view does not know it answers `undefined`.
 */
export class WorldView {
  readonly #servers = new Map<string, ServerView>();
  /** What every server's members read: the cap, and the REST client of `fetch`. */
  readonly #memberSettings: { readonly maxMembersPerServer: number; rest: WorldRest | null };
  #botUserId: string | null = null;

  constructor(options: WorldViewOptions = {}) {
    this.#memberSettings = { maxMembersPerServer: membersPerServer(options), rest: null };
  }

  /** The REST client `members.fetch` asks (the framework gives the bot's). */
  useRest(rest: WorldRest): void {
    this.#memberSettings.rest = rest;
  }

  /** The bot's user id, from the last `READY` (`null` before one). */
  get botUserId(): string | null {
    return this.#botUserId;
  }

  /** How many servers the view holds. */
  get size(): number {
    return this.#servers.size;
  }

  /** The server with this id, or `undefined` when the bot is not in it (or the view was not told). */
  server(id: string): ServerView | undefined {
    return this.#servers.get(id);
  }

  /** Every server the view holds. */
  servers(): IterableIterator<ServerView> {
    return this.#servers.values();
  }

  /** Counts of what the view holds, and estimated bytes by kind. */
  stats(): WorldStats {
    return worldStats(this.#servers.values());
  }

  /** Takes one gateway event (unknown names and servers are ignored). */
  apply(event: WorldEvent): void {
    this.applyFrame(event.name, event.data);
  }

  /** Takes one gateway event by its `t` and `d`. */
  applyFrame(name: string, data: unknown): void {
    switch (name) {
      case "READY": {
        const ready = data as GatewayDispatchPayloads["READY"];
        this.#botUserId = ready.user.id;
        this.replaceAll(ready.guilds.map((g) => g.id));
        return;
      }
      case "GUILD_CREATE":
      case "GUILD_UPDATE":
        this.load(data as GuildCreatePayload);
        return;
      case "GUILD_DELETE":
        this.#servers.delete((data as { id: string }).id);
        return;
      case "CHANNEL_CREATE":
      case "CHANNEL_UPDATE": {
        const channel = data as Channel;
        this.#servers.get(channel.guild_id)?.setChannel(channel);
        return;
      }
      case "CHANNEL_DELETE": {
        const gone = data as GatewayDispatchPayloads["CHANNEL_DELETE"];
        this.#servers.get(gone.guild_id)?.removeChannel(gone.id);
        return;
      }
      case "GUILD_ROLE_CREATE":
      case "GUILD_ROLE_UPDATE": {
        const { guild_id, role } = data as GatewayDispatchPayloads["GUILD_ROLE_CREATE"];
        this.#servers.get(guild_id)?.setRole(role);
        return;
      }
      case "GUILD_ROLE_DELETE": {
        const { guild_id, role_id } = data as GatewayDispatchPayloads["GUILD_ROLE_DELETE"];
        this.#servers.get(guild_id)?.removeRole(role_id);
        return;
      }
      case "GUILD_EMOJIS_UPDATE": {
        const { guild_id, emojis } = data as GatewayDispatchPayloads["GUILD_EMOJIS_UPDATE"];
        const server = this.#servers.get(guild_id);
        if (server) server.emojis = frozenEmojis(emojis);
        return;
      }
      case "GUILD_MEMBER_ADD":
      case "GUILD_MEMBER_UPDATE": {
        const member = data as GatewayDispatchPayloads["GUILD_MEMBER_ADD"];
        const server = this.#servers.get(member.guild_id);
        if (!server) return;
        const { guild_id: _, ...rest } = member;
        server.members.putMember(rest);
        if (member.user.id === this.#botUserId) server.me.roles = [...member.roles];
        return;
      }
      case "GUILD_MEMBER_REMOVE": {
        const { guild_id, user } = data as GatewayDispatchPayloads["GUILD_MEMBER_REMOVE"];
        this.#servers.get(guild_id)?.members.remove(user.id);
        return;
      }
      case "MESSAGE_CREATE":
      case "MESSAGE_UPDATE": {
        const message = data as Message;
        if (message.webhook_id !== undefined) return;
        this.#servers.get(message.guild_id)?.members.putUser(message.author);
        return;
      }
      case "INTERACTION_CREATE":
        this.#interaction(data as Interaction);
        return;
    }
  }

  /**
   * A server's whole snapshot (`GUILD_CREATE`, `GUILD_UPDATE`, or `GET /v1/guilds/{id}`): it replaces
   * what was known of the server, but for the members met, which stay.
   */
  load(snapshot: GuildSnapshot | GuildCreatePayload): ServerView {
    let server = this.#servers.get(snapshot.id);
    if (server === undefined) {
      const settings = this.#memberSettings;
      server = new ServerView(snapshot.id, (s) => new Members(s, settings));
      this.#servers.set(snapshot.id, server);
    }
    server.replace(snapshot);
    return server;
  }

  /**
   * The servers of a new session (a fresh `READY`): those not named are gone; those named keep
   * their data until their `GUILD_CREATE` replaces it, but not their members met, which may have
   * changed while the bot was not connected.
   */
  replaceAll(guildIds: Iterable<string>): void {
    const named = new Set(guildIds);
    for (const [id, server] of this.#servers) {
      if (!named.has(id)) this.#servers.delete(id);
      else server.members.clear();
    }
  }

  /** Forgets one server (a cluster worker letting its partition go). */
  remove(guildId: string): boolean {
    return this.#servers.delete(guildId);
  }

  /** Forgets every server for which `drop` answers true. */
  removeWhere(drop: (server: ServerView) => boolean): number {
    let count = 0;
    for (const [id, server] of this.#servers) {
      if (drop(server)) {
        this.#servers.delete(id);
        count++;
      }
    }
    return count;
  }

  /** The whole view as plain data (structured-clone and JSON safe). */
  export(): WorldSnapshot {
    return {
      botUserId: this.#botUserId,
      servers: [...this.#servers.values()].map((server) => ({
        server: { ...server.toJSON(), emojis: server.emojis === undefined ? null : [...server.emojis] },
        met: server.members.list(),
      })),
    };
  }

  /** Replaces the whole view with one {@link WorldView.export | exported} (by another thread's view, say). */
  import(snapshot: WorldSnapshot): void {
    this.#servers.clear();
    this.#botUserId = snapshot.botUserId;
    for (const { server, met } of snapshot.servers) {
      const { emojis, ...rest } = server;
      const view = this.load(emojis === null ? rest : { ...rest, emojis });
      for (const person of met) {
        if ("joined_at" in person) view.members.putMember(person);
        else view.members.putUser(person.user);
      }
    }
  }

  /** Forgets everything. */
  clear(): void {
    this.#servers.clear();
  }

  /**
   * The text channels whose messages the bot receives (servers whose install grants the
   * `messages.read` scope and the `guild_messages` intent) and whether it may read their history:
   * what the gateway client's recovery reads back after a drop.
   */
  readableChannels(): Array<{ channel: Channel; access: ChannelAccess }> {
    const out: Array<{ channel: Channel; access: ChannelAccess }> = [];
    for (const server of this.#servers.values()) {
      if (!server.scopes.includes("messages.read") || !server.intents.includes("guild_messages")) continue;
      for (const channel of server.channels) {
        if (channel.kind === "voice" || !channel.can("view_channels")) continue;
        out.push({ channel, access: channel.can("read_message_history") ? "history" : "no_history" });
      }
    }
    return out;
  }

  #interaction(interaction: Interaction): void {
    const server = this.#servers.get(interaction.guild_id);
    if (!server) return;
    const resolved = interaction.data.resolved;
    const users = resolved?.users ?? {};
    const members = resolved?.members ?? {};
    for (const [id, user] of Object.entries(users)) {
      const member = members[id];
      if (member) server.members.putPartialMember(user, member.nickname, member.roles, member.joined_at);
      else server.members.putUser(user);
    }
    const { user, member } = interaction;
    if (!(user.id in members)) server.members.putPartialMember(user, member.nickname, member.roles);
  }
}
