import type { AutomodRuleRecord } from "../automod/automod-rule-record.js";
import { type CommandRecord, commandScopeKey } from "../commands/command-record.js";
import { type InteractionRecord, interactionViewerKey } from "../interactions/interaction-record.js";
import type { WebhookRecord } from "../webhooks/webhook-record.js";
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
import { SortedIds } from "./sorted-ids.js";
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

const byGuild = (row: { guild_id: string }) => row.guild_id;

function makeTables() {
  return {
    users: new Table<UserRecord>((r) => r.id),
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
 * The whole world in memory: every table, plus the message order of each channel. The hot paths
 * read it directly; writes go through a transaction ({@link Transaction}) so that they can be
 * undone, saved and turned into change records.
 */
export class World {
  readonly tables: WorldTables = makeTables();
  private readonly messageOrder = new Map<string, SortedIds>();

  /** Puts a row into its table, keeping the message order; returns the row it replaced. */
  put<K extends TableName>(kind: K, row: TableRows[K]): TableRows[K] | undefined {
    const table = this.tables[kind] as unknown as Table<TableRows[K], string>;
    const previous = table.set(row);
    if (kind === "messages" && previous === undefined) {
      const message = row as MessageRecord;
      this.orderOf(message.channel_id).insert(message.id);
    }
    return previous;
  }

  /** Removes a row by key; returns it. */
  remove<K extends TableName>(kind: K, key: string): TableRows[K] | undefined {
    const table = this.tables[kind] as unknown as Table<TableRows[K], string>;
    const previous = table.delete(key);
    if (kind === "messages" && previous !== undefined) {
      const message = previous as MessageRecord;
      const order = this.messageOrder.get(message.channel_id);
      order?.remove(message.id);
      if (order?.size === 0) this.messageOrder.delete(message.channel_id);
    }
    return previous;
  }

  /** Message ids of a channel in id order. */
  messagesOf(channelId: string): SortedIds {
    return this.messageOrder.get(channelId) ?? new SortedIds();
  }

  /** Empties every table. */
  clear(): void {
    for (const name of TABLE_NAMES) this.tables[name].clear();
    this.messageOrder.clear();
  }

  private orderOf(channelId: string): SortedIds {
    let order = this.messageOrder.get(channelId);
    if (!order) {
      order = new SortedIds();
      this.messageOrder.set(channelId, order);
    }
    return order;
  }
}
