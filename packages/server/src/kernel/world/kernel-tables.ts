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
  PresenceRecord,
  RoleRecord,
  UserRecord,
} from "./records.js";
import { Table } from "./table.js";
import { type TableSpec, defineTable, pairKey, usernameKey } from "./world.js";

declare module "./world.js" {
  /**
   * The kernel's tables: the model its permission engine, visibility rules, audit log and presence
   * read. Features define the rest (messages, commands, AutoMod rules, interactions, webhooks).
   */
  interface WorldTables {
    users: Table<UserRecord, "username">;
    apps: Table<AppRecord, "token_hash" | "bot_user_id">;
    guilds: Table<GuildRecord>;
    roles: Table<RoleRecord, "guild">;
    categories: Table<CategoryRecord, "guild">;
    channels: Table<ChannelRecord, "guild">;
    /** Ordered: `guild`, a server's member user ids in id order. */
    members: Table<MemberRecord, "guild" | "user", "guild">;
    installs: Table<InstallRecord, "guild" | "app">;
    bans: Table<BanRecord, "guild">;
    emojis: Table<EmojiRecord, "guild">;
    audit_log: Table<AuditLogRecord, "guild">;
    presence: Table<PresenceRecord>;
  }
}

/** The kernel's tables, in the order a world is loaded (referenced rows first). */
export const KERNEL_TABLES: readonly TableSpec[] = [
  // Usernames are unique compared case-insensitively; a seed may still give two users one name.
  defineTable("users", () => new Table((r) => r.id, { username: (r) => usernameKey(r.username) })),
  defineTable(
    "apps",
    () => new Table((r) => r.id, { token_hash: (r) => r.token_hash, bot_user_id: (r) => r.bot_user_id }),
  ),
  defineTable("guilds", () => new Table((r) => r.id)),
  defineTable("roles", () => new Table((r) => r.id, { guild: (r) => r.guild_id })),
  defineTable("categories", () => new Table((r) => r.id, { guild: (r) => r.guild_id })),
  defineTable("channels", () => new Table((r) => r.id, { guild: (r) => r.guild_id })),
  defineTable(
    "members",
    () =>
      new Table(
        (r) => pairKey(r.guild_id, r.user_id),
        { guild: (r) => r.guild_id, user: (r) => r.user_id },
        { guild: { group: (r) => r.guild_id, id: (r) => r.user_id } },
      ),
  ),
  defineTable(
    "installs",
    () =>
      new Table((r) => pairKey(r.guild_id, r.application_id), {
        guild: (r) => r.guild_id,
        app: (r) => r.application_id,
      }),
  ),
  defineTable("bans", () => new Table((r) => pairKey(r.guild_id, r.user_id), { guild: (r) => r.guild_id })),
  defineTable("emojis", () => new Table((r) => r.id, { guild: (r) => r.guild_id })),
  defineTable("audit_log", () => new Table((r) => r.id, { guild: (r) => r.guild_id })),
  defineTable("presence", () => new Table((r) => r.application_id)),
];
