import type {
  AuditLogRecord,
  BanRecord,
  ChannelRecord,
  EmojiRecord,
  EmojiRef,
  GuildRecord,
  InstallRecord,
  MemberRecord,
  MessageRecord,
  RoleRecord,
  UserRecord,
} from "../world/records.js";

/**
 * What a change record says happened, one per gateway event of the interface's "Event payloads"
 * (plus install added / removed). Records are the internal ones as they were at the change, NOT
 * filtered for any viewer: the gateway projects each into per-connection events with the
 * serializers and the permission engine.
 */
export type ServerChangeBody =
  /** Server settings changed (`before` is the guild as it was). */
  | { readonly type: "GUILD_UPDATE"; readonly guild: GuildRecord; readonly before: GuildRecord }
  /** The server was deleted: every app installed there gets `GUILD_DELETE`. */
  | {
      readonly type: "GUILD_DELETE";
      readonly guild: GuildRecord;
      readonly installs: readonly InstallRecord[];
    }
  | { readonly type: "MESSAGE_CREATE"; readonly message: MessageRecord }
  /** A message was edited or (un)pinned; `before` is the message as it was. Reactions never emit it. */
  | { readonly type: "MESSAGE_UPDATE"; readonly message: MessageRecord; readonly before: MessageRecord }
  | { readonly type: "MESSAGE_DELETE"; readonly message: MessageRecord }
  | {
      readonly type: "MESSAGE_DELETE_BULK";
      readonly channelId: string;
      readonly messages: readonly MessageRecord[];
    }
  | {
      readonly type: "MESSAGE_REACTION_ADD" | "MESSAGE_REACTION_REMOVE";
      /** The message after the reaction changed. */
      readonly message: MessageRecord;
      readonly userId: string;
      readonly emoji: EmojiRef;
    }
  | { readonly type: "GUILD_MEMBER_ADD"; readonly member: MemberRecord; readonly user: UserRecord }
  | {
      readonly type: "GUILD_MEMBER_UPDATE";
      readonly member: MemberRecord;
      readonly before: MemberRecord;
      readonly user: UserRecord;
      /**
       * Set when the change starts, changes or ends a timeout: such a change (or that part of it)
       * goes only to viewers with moderation access. `"ended"` is emitted by the clock deadline.
       */
      readonly timeout: "started" | "changed" | "ended" | null;
      /** Whether anything other than the timeout changed (nickname, roles). */
      readonly otherFieldsChanged: boolean;
    }
  | {
      readonly type: "GUILD_MEMBER_REMOVE";
      readonly member: MemberRecord;
      readonly user: UserRecord;
      /** Without moderation access a kick or ban looks like any leave. */
      readonly reason: "leave" | "kick" | "ban" | "app_removed";
    }
  | {
      readonly type: "GUILD_BAN_ADD" | "GUILD_BAN_REMOVE";
      readonly ban: BanRecord;
      readonly user: UserRecord;
    }
  | { readonly type: "GUILD_AUDIT_LOG_ENTRY_CREATE"; readonly entry: AuditLogRecord }
  | { readonly type: "GUILD_ROLE_CREATE"; readonly role: RoleRecord }
  /** One per role; a reorder sends one for every role of the server. */
  | { readonly type: "GUILD_ROLE_UPDATE"; readonly role: RoleRecord; readonly before: RoleRecord }
  | { readonly type: "GUILD_ROLE_DELETE"; readonly role: RoleRecord }
  | { readonly type: "CHANNEL_CREATE"; readonly channel: ChannelRecord }
  /**
   * `before` is the channel as it was, so each viewer's visibility before and after can be computed:
   * becoming visible is sent as `CHANNEL_CREATE`, becoming invisible as `CHANNEL_DELETE`.
   */
  | { readonly type: "CHANNEL_UPDATE"; readonly channel: ChannelRecord; readonly before: ChannelRecord }
  | { readonly type: "CHANNEL_DELETE"; readonly channel: ChannelRecord }
  /** The server's whole custom emoji list after the change. */
  | { readonly type: "GUILD_EMOJIS_UPDATE"; readonly emojis: readonly EmojiRecord[] }
  /** An app was installed: its connection gets `GUILD_CREATE` for this server. */
  | { readonly type: "INSTALL_ADD"; readonly install: InstallRecord }
  /** An app was removed (uninstalled, bot kicked or banned, app deleted): `GUILD_DELETE` for it. */
  | {
      readonly type: "INSTALL_REMOVE";
      readonly install: InstallRecord;
      readonly reason: InstallRemoveReason;
    };

/** Why an install went away. */
export type InstallRemoveReason = "uninstalled" | "kicked" | "banned" | "app_deleted";

/** The change types. */
export type ServerChangeType = ServerChangeBody["type"];

/**
 * One committed change of one server, in commit order. `seq` rises by one per change within the
 * server (from 1 after each start); `at` is the clock time of the commit.
 */
export type ServerChange = ServerChangeBody & {
  readonly guildId: string;
  readonly seq: number;
  readonly at: number;
};

/** A change as an operation records it, before the commit numbers it. */
export type ChangeDraft = ServerChangeBody & { readonly guildId: string };

/** Receives every committed change, synchronously and in commit order. */
export type ChangeListener = (change: ServerChange) => void;
