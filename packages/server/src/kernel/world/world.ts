import type { AutomodRuleRecord } from "./automod-rule-record.js";
import { type CommandRecord, commandScopeKey } from "./command-record.js";
import { type InteractionRecord, interactionViewerKey } from "./interaction-record.js";
import type { WebhookRecord } from "./webhook-record.js";
import type {
  AppRecord,
  AuditLogRecord,
  BanRecord,
  CategoryRecord,
  ChannelRecord,
  EmojiRecord,
  GuildRecord,
  InstallRecord,
  MemberRecord,
  MessageRecord,
  PresenceRecord,
  RoleRecord,
  UserRecord,
} from "./records.js";
import { IdOrders } from "./id-orders.js";
import type { SortedIds } from "./sorted-ids.js";
import { Table } from "./table.js";

/** The row type of each table of the world (also the store's record kinds). */
export interface TableRows {
  users: UserRecord;
  apps: AppRecord;
  guilds: GuildRecord;
  roles: RoleRecord;
  categories: CategoryRecord;
  channels: ChannelRecord;
  members: MemberRecord;
  installs: InstallRecord;
  messages: MessageRecord;
  bans: BanRecord;
  emojis: EmojiRecord;
  audit_log: AuditLogRecord;
  presence: PresenceRecord;
  commands: CommandRecord;
  webhooks: WebhookRecord;
  automod_rules: AutomodRuleRecord;
  interactions: InteractionRecord;
}

/** A table of the world. */
export type TableName = keyof TableRows;

/** Every table name, in the order a world is loaded (referenced rows first). */
export const TABLE_NAMES: readonly TableName[] = [
  "users",
  "apps",
  "guilds",
  "roles",
  "categories",
  "channels",
  "members",
  "installs",
  "messages",
  "bans",
  "emojis",
  "audit_log",
  "presence",
  "commands",
  "webhooks",
  "automod_rules",
  "interactions",
];

/** Key of a row that belongs to a server and a user (members, bans). */
export function pairKey(guildId: string, otherId: string): string {
  return `${guildId}:${otherId}`;
}

/** Key of the nonce index: a nonce counts per author and channel. */
export function nonceKey(channelId: string, authorId: string, nonce: string): string {
  return `${channelId}:${authorId}:${nonce}`;
}

/** The key of the users' `username` index: usernames compare case-insensitively. */
export function usernameKey(username: string): string {
  return username.toLowerCase();
}

const byGuild = (row: { guild_id: string }) => row.guild_id;

function makeTables() {
  return {
    // Usernames are unique compared case-insensitively; a seed may still give two users one name.
    users: new Table<UserRecord, "username">((r) => r.id, { username: (r) => usernameKey(r.username) }),
    apps: new Table<AppRecord, "token_hash" | "bot_user_id">((r) => r.id, {
      token_hash: (r) => r.token_hash,
      bot_user_id: (r) => r.bot_user_id,
    }),
    guilds: new Table<GuildRecord>((r) => r.id),
    roles: new Table<RoleRecord, "guild">((r) => r.id, { guild: byGuild }),
    categories: new Table<CategoryRecord, "guild">((r) => r.id, { guild: byGuild }),
    channels: new Table<ChannelRecord, "guild">((r) => r.id, { guild: byGuild }),
    members: new Table<MemberRecord, "guild" | "user">((r) => pairKey(r.guild_id, r.user_id), {
      guild: byGuild,
      user: (r) => r.user_id,
    }),
    installs: new Table<InstallRecord, "guild" | "app">((r) => pairKey(r.guild_id, r.application_id), {
      guild: byGuild,
      app: (r) => r.application_id,
    }),
    // A channel's messages are its `messagesOf` order, not an index: one Map entry less per message.
    messages: new Table<MessageRecord, "nonce">((r) => r.id, {
      nonce: (r) => (r.nonce === null ? null : nonceKey(r.channel_id, r.author_id, r.nonce)),
    }),
    bans: new Table<BanRecord, "guild">((r) => pairKey(r.guild_id, r.user_id), { guild: byGuild }),
    emojis: new Table<EmojiRecord, "guild">((r) => r.id, { guild: byGuild }),
    audit_log: new Table<AuditLogRecord, "guild">((r) => r.id, { guild: byGuild }),
    presence: new Table<PresenceRecord>((r) => r.application_id),
    commands: new Table<CommandRecord, "scope" | "app" | "guild">((r) => r.id, {
      scope: (r) => commandScopeKey(r.application_id, r.guild_id),
      app: (r) => r.application_id,
      guild: (r) => r.guild_id,
    }),
    webhooks: new Table<WebhookRecord, "guild" | "channel">((r) => r.id, {
      guild: byGuild,
      channel: (r) => r.channel_id,
    }),
    automod_rules: new Table<AutomodRuleRecord, "guild">((r) => r.id, { guild: byGuild }),
    interactions: new Table<InteractionRecord, "viewer">((r) => r.id, {
      viewer: (r) => interactionViewerKey(r.channel_id, r.user_id),
    }),
  };
}

/** The tables of a world, each typed with its indexes. */
export type WorldTables = ReturnType<typeof makeTables>;

/**
 * The whole world in memory: every table, plus ordered indexes the tables' maps cannot give: the
 * message ids of each channel and of each author in a channel, and the member user ids of each
 * server, all in id order. Every write goes through {@link put} and {@link remove} (transactions,
 * their undo, loading and replacing a world), so the indexes are always in step with the tables.
 * The hot paths read it directly; writes go through a transaction ({@link Transaction}) so that they
 * can be undone, saved and turned into change records.
 */
export class World {
  readonly tables: WorldTables = makeTables();
  private readonly messageOrder = new IdOrders();
  private readonly authorOrder = new IdOrders();
  private readonly memberOrder = new IdOrders();

  /** Puts a row into its table, keeping the ordered indexes; returns the row it replaced. */
  put<K extends TableName>(kind: K, row: TableRows[K]): TableRows[K] | undefined {
    const table = this.tables[kind] as unknown as Table<TableRows[K], string>;
    const previous = table.set(row);
    if (kind === "messages") {
      const message = row as MessageRecord;
      const before = previous as MessageRecord | undefined;
      if (before?.channel_id !== message.channel_id || before.author_id !== message.author_id) {
        if (before) this.unorderMessage(before);
        this.messageOrder.insert(message.channel_id, message.id);
        this.authorOrder.insert(pairKey(message.channel_id, message.author_id), message.id);
      }
    } else if (kind === "members" && previous === undefined) {
      const member = row as MemberRecord;
      this.memberOrder.insert(member.guild_id, member.user_id);
    }
    return previous;
  }

  /** Removes a row by key; returns it. */
  remove<K extends TableName>(kind: K, key: string): TableRows[K] | undefined {
    const table = this.tables[kind] as unknown as Table<TableRows[K], string>;
    const previous = table.delete(key);
    if (previous === undefined) return previous;
    if (kind === "messages") this.unorderMessage(previous as MessageRecord);
    else if (kind === "members") {
      const member = previous as MemberRecord;
      this.memberOrder.remove(member.guild_id, member.user_id);
    }
    return previous;
  }

  /** Message ids of a channel in id order. */
  messagesOf(channelId: string): SortedIds {
    return this.messageOrder.of(channelId);
  }

  /** Message ids of one author in a channel, in id order. */
  messagesBy(channelId: string, authorId: string): SortedIds {
    return this.authorOrder.of(pairKey(channelId, authorId));
  }

  /** User ids of a server's members in id order. */
  membersOf(guildId: string): SortedIds {
    return this.memberOrder.of(guildId);
  }

  /** Empties every table. */
  clear(): void {
    for (const name of TABLE_NAMES) this.tables[name].clear();
    this.messageOrder.clear();
    this.authorOrder.clear();
    this.memberOrder.clear();
  }

  private unorderMessage(message: MessageRecord): void {
    this.messageOrder.remove(message.channel_id, message.id);
    this.authorOrder.remove(pairKey(message.channel_id, message.author_id), message.id);
  }
}
