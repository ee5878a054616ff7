import type {
  Category,
  Channel,
  Emoji,
  GuildCreatePayload,
  GuildMe,
  GuildSnapshot,
  Intent,
  PermissionName,
  Role,
  Scope,
} from "@chatbot/protocol";
import { compareIds } from "../snowflake-order.js";
import { ChannelView } from "./channel-view.js";
import { Directory, type Named } from "./directory.js";
import { type MemberDirectory } from "./member-directory.js";
import { checkPermissionNames, PermissionSet } from "./permission-set.js";
import { RoleView } from "./role-view.js";

/** Scope and intent lists, shared by every server with the same one (most have the same few). */
const lists = new Map<string, readonly string[]>();
function shared<T extends string>(list: readonly T[]): readonly T[] {
  const key = list.join(",");
  let kept = lists.get(key);
  if (kept === undefined) {
    kept = Object.freeze([...list]);
    if (lists.size < 1_024) lists.set(key, kept);
  }
  return kept as readonly T[];
}

const NO_EMOJIS: readonly Emoji[] = Object.freeze([]);
/** A server's emoji list as the view keeps it (one shared empty list for the many with none). */
export function frozenEmojis(emojis: readonly Emoji[]): readonly Emoji[] {
  return emojis.length === 0 ? NO_EMOJIS : Object.freeze([...emojis]);
}

const byPosition = (a: { position: number; id: string }, b: { position: number; id: string }) =>
  a.position - b.position || compareIds(a.id, b.id);
const isChannel = (item: Named): item is ChannelView => item instanceof ChannelView;
const isRole = (item: Named): item is RoleView => item instanceof RoleView;
const isCategory = (item: Named): item is Category =>
  !(item instanceof ChannelView) && !(item instanceof RoleView);
const highestFirst = (a: RoleView, b: RoleView) => b.position - a.position || compareIds(a.id, b.id);

/** The bot itself in one server: its roles and its server-wide permissions. */
export class ServerMe implements GuildMe {
  /** The bot's role ids. */
  roles: string[];
  #permissions: PermissionSet;
  readonly #server: ServerView;

  /** @internal */
  constructor(me: GuildMe, server: ServerView) {
    this.roles = [...me.roles];
    this.#permissions = PermissionSet.of(me.permissions);
    this.#server = server;
  }

  /** The bot's server-wide permissions (its roles', with the everyone role's). */
  get permissions(): PermissionName[] {
    return this.#permissions.names as PermissionName[];
  }

  /** Whether the bot has every named permission server-wide (`administrator` counts as all). */
  can(...names: PermissionName[]): boolean {
    return this.#permissions.has(checkPermissionNames("me.can()", names));
  }

  /** The named server-wide permissions the bot lacks. */
  missing(...names: PermissionName[]): PermissionName[] {
    return this.#permissions.missing(checkPermissionNames("me.missing()", names));
  }

  /** The bot's roles as the view holds them, highest first. */
  roleList(): RoleView[] {
    return this.roles
      .map((id) => this.#server.roles.get(id))
      .filter((role): role is RoleView => role !== undefined)
      .sort(highestFirst);
  }

  /** `me` as the snapshot carries it. */
  toJSON(): GuildMe {
    return { roles: [...this.roles], permissions: [...this.permissions] };
  }
}

/**
 * One server in the bot's view: the snapshot's fields, its channels (only those the bot can see,
 * each with the bot's permissions there), categories, roles, `me`, emojis, and the members met.
 * Kept by the gateway's events in the server's order; read synchronously.
 */
export class ServerView {
  readonly id: string;
  name = "";
  description: string | null = null;
  icon_id: string | null = null;
  owner_id = "";
  /** This install's effective scopes. */
  scopes: readonly Scope[] = [];
  /**
   * The intents this connection receives from this server: those it asked for that the install
   * grants (the get-server answer lists every intent the install grants).
   */
  intents: readonly Intent[] = [];
  /**
   * The server's custom emojis, or `undefined` when the view was loaded over REST (the get-server
   * answer carries none) and no event has told them since.
   */
  emojis: readonly Emoji[] | undefined = undefined;
  me: ServerMe;
  /** The channels the bot can see, by id and by name, in position order. */
  readonly channels: Directory<ChannelView>;
  /** The categories that hold a channel the bot can see. */
  readonly categories: Directory<Category>;
  /** The server's roles, highest first. */
  readonly roles: Directory<RoleView>;
  /** The people met in this server (see `MemberDirectory`). */
  readonly members: MemberDirectory;

  /** @internal */
  constructor(id: string, members: (server: ServerView) => MemberDirectory) {
    this.id = id;
    const byId = new Map<string, Named>();
    this.channels = new Directory(byId, isChannel, byPosition);
    this.categories = new Directory(byId, isCategory, byPosition);
    this.roles = new Directory(byId, isRole, highestFirst);
    this.me = new ServerMe({ roles: [], permissions: [] }, this);
    this.members = members(this);
  }

  /** The channel with this id, if the bot can see it. */
  channel(id: string): ChannelView | undefined {
    return this.channels.get(id);
  }

  /** @internal A whole snapshot (`GUILD_CREATE`, `GUILD_UPDATE`, or the get-server answer). Members met stay. */
  replace(snapshot: GuildSnapshot | GuildCreatePayload): void {
    this.name = snapshot.name;
    this.description = snapshot.description;
    this.icon_id = snapshot.icon_id;
    this.owner_id = snapshot.owner_id;
    if (snapshot.scopes !== undefined) this.scopes = shared(snapshot.scopes);
    if (snapshot.intents !== undefined) this.intents = shared(snapshot.intents);
    if ("emojis" in snapshot) this.emojis = frozenEmojis(snapshot.emojis);
    this.roles.clear();
    for (const role of snapshot.roles) this.roles.set(new RoleView(role));
    this.categories.clear();
    for (const category of snapshot.categories) this.categories.set({ ...category });
    this.channels.clear();
    for (const channel of snapshot.channels) this.setChannel(channel);
    this.me = new ServerMe(snapshot.me, this);
  }

  /** @internal */
  setChannel(channel: Channel): void {
    const category = channel.category_id === null ? null : this.categories.get(channel.category_id);
    this.channels.set(new ChannelView(channel, this.id, category?.id ?? channel.category_id));
  }

  /** @internal A channel deleted or hidden from the bot; its category goes when it holds no channel left. */
  removeChannel(channelId: string): void {
    const channel = this.channels.get(channelId);
    if (!channel || !this.channels.delete(channelId)) return;
    const categoryId = channel.category_id;
    if (categoryId === null) return;
    for (const other of this.channels) if (other.category_id === categoryId) return;
    this.categories.delete(categoryId);
  }

  /** @internal */
  setRole(role: Role): void {
    this.roles.set(new RoleView(role));
  }

  /** @internal */
  removeRole(roleId: string): void {
    this.roles.delete(roleId);
    if (this.me.roles.includes(roleId)) this.me.roles = this.me.roles.filter((id) => id !== roleId);
    this.members.dropRole(roleId);
  }

  /** The server as the `GUILD_CREATE` payload would carry it now (emojis `[]` when unknown). */
  toJSON(): GuildCreatePayload {
    return {
      id: this.id,
      name: this.name,
      description: this.description,
      icon_id: this.icon_id,
      owner_id: this.owner_id,
      channels: this.channels.list().map((c) => c.toJSON()),
      categories: this.categories.list().map((c) => ({ ...c })),
      roles: this.roles.list().map((r) => r.toJSON()),
      me: this.me.toJSON(),
      scopes: [...this.scopes],
      intents: [...this.intents],
      emojis: [...(this.emojis ?? [])],
    };
  }
}
