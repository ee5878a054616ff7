import type {
  AuditLogActionName,
  AuditLogActionType,
  Intent,
  PermissionName,
  Scope,
} from "@chatbot/protocol";

/**
 * The internal records of the world. They are what the store keeps and what change records carry;
 * the wire shapes are made from them by the viewer-aware serializers (`src/serialize/`). Records are
 * never changed in place: an update puts a new object, so a change can carry the record as it was.
 */

/** A person or a bot account. */
export interface UserRecord {
  readonly id: string;
  readonly username: string;
  readonly name: string;
  readonly avatar_id: string | null;
  readonly bot: boolean;
}

/** Review states of an app (docs/decisions.md#shapes-left-open). */
export const REVIEW_STATES = ["unreviewed", "in_review", "approved", "rejected"] as const;
/** A review state. */
export type ReviewState = (typeof REVIEW_STATES)[number];

/** An app with its bot account. Only a SHA-256 of the token is kept. */
export interface AppRecord {
  readonly id: string;
  readonly name: string;
  readonly description: string;
  readonly owner_id: string | null;
  readonly bot_user_id: string;
  /** Hex SHA-256 of the bot token. */
  readonly token_hash: string;
  /** `false` switches the app off: its token stops working. */
  readonly enabled: boolean;
  /** Privileged intents the app has access to (`guild_members` also unlocks `members.read`). */
  readonly privileged_intents: readonly Intent[];
  readonly review_state: ReviewState;
}

/** A server. */
export interface GuildRecord {
  readonly id: string;
  readonly name: string;
  readonly description: string | null;
  readonly icon_id: string | null;
  readonly owner_id: string;
  readonly everyone_role_id: string;
  readonly created_at: number;
}

/** A role; the everyone role has `default: true` and position 0. */
export interface RoleRecord {
  readonly id: string;
  readonly guild_id: string;
  readonly name: string;
  readonly color: string | null;
  readonly position: number;
  readonly permissions: readonly PermissionName[];
  readonly hoist: boolean;
  readonly mentionable: boolean;
  /** `true` for an app's role, which only its install changes. */
  readonly managed: boolean;
  /** The app whose install made this role, for managed roles. */
  readonly application_id: string | null;
  readonly default: boolean;
}

/** A channel category. */
export interface CategoryRecord {
  readonly id: string;
  readonly guild_id: string;
  readonly name: string;
  readonly position: number;
}

/** Channel kinds (docs/decisions.md#shapes-left-open). Voice channels hold no messages. */
export const CHANNEL_KINDS = ["text", "voice", "announcement"] as const;
/** A channel kind. */
export type ChannelKindName = (typeof CHANNEL_KINDS)[number];

/** A permission overwrite of a channel for a role or a member. */
export interface OverwriteRecord {
  readonly id: string;
  readonly type: "role" | "member";
  readonly allow: readonly PermissionName[];
  readonly deny: readonly PermissionName[];
}

/** A channel. */
export interface ChannelRecord {
  readonly id: string;
  readonly guild_id: string;
  readonly name: string;
  readonly kind: ChannelKindName;
  readonly topic: string | null;
  readonly position: number;
  readonly category_id: string | null;
  readonly slowmode_seconds: number;
  readonly overwrites: readonly OverwriteRecord[];
}

/** A member of a server; keyed by `guild_id:user_id`. */
export interface MemberRecord {
  readonly guild_id: string;
  readonly user_id: string;
  readonly nickname: string | null;
  readonly joined_at: number;
  /** Role ids, never the everyone role. */
  readonly roles: readonly string[];
  /** End of a timeout in Unix milliseconds; a past value means no timeout. */
  readonly communication_disabled_until: number | null;
}

/** An app installed in a server; keyed by `guild_id:application_id`. */
export interface InstallRecord {
  readonly guild_id: string;
  readonly application_id: string;
  /** Scopes as granted; the effective set drops privileged ones without privileged access. */
  readonly scopes: readonly Scope[];
  readonly intents: readonly Intent[];
  /** The permissions of the managed role at install time. */
  readonly permissions: readonly PermissionName[];
  readonly role_id: string;
  readonly installed_by: string | null;
  readonly created_at: number;
}

/** A reaction emoji: a Unicode emoji has `id: null` and the character as `name`. */
export interface EmojiRef {
  readonly id: string | null;
  readonly name: string;
}

/** One emoji's reactions on a message, in the order people reacted. */
export interface ReactionRecord {
  readonly emoji: EmojiRef;
  readonly user_ids: readonly string[];
}

/** A field of a stored embed. */
export interface EmbedFieldRecord {
  readonly name: string;
  readonly value: string;
  readonly inline?: boolean;
}

/** A stored embed: only the keys the interface displays. `color` is kept as an integer. */
export interface EmbedRecord {
  readonly title?: string;
  readonly description?: string;
  readonly url?: string;
  readonly color?: number;
  readonly fields?: readonly EmbedFieldRecord[];
  readonly footer?: { readonly text: string };
  readonly author?: { readonly name: string; readonly url?: string };
  readonly timestamp?: string;
}

/** A link card of a webhook post (picture keys are dropped). */
export interface LinkCardRecord {
  readonly url: string;
  readonly title?: string;
  readonly description?: string;
}

/** The author of a webhook post: the webhook, under the name shown on that post. */
export interface WebhookAuthorRecord {
  readonly id: string;
  /** The webhook's name, or the post's `username`. */
  readonly username: string;
  readonly avatar_id: string | null;
}

/** An attachment entry. */
export interface AttachmentRecord {
  readonly id: string;
  readonly filename: string;
  readonly size: number;
  readonly content_type: string | null;
  readonly url: string;
}

/** A poll. */
export interface PollRecord {
  readonly question: { readonly text: string };
  readonly answers: readonly { readonly answer_id: number; readonly text: string; readonly votes: number }[];
  readonly expires_at: number | null;
  readonly allow_multiselect: boolean;
}

/** Who a message mentions (after permission checks and `allowed_mentions`). */
export interface MentionsRecord {
  readonly users: readonly string[];
  readonly roles: readonly string[];
  readonly everyone: boolean;
}

/** A message. */
export interface MessageRecord {
  readonly id: string;
  readonly channel_id: string;
  readonly guild_id: string;
  readonly author_id: string;
  readonly content: string;
  readonly embeds: readonly EmbedRecord[];
  readonly attachments: readonly AttachmentRecord[];
  readonly poll: PollRecord | null;
  readonly mentions: MentionsRecord;
  readonly reactions: readonly ReactionRecord[];
  readonly reply_to: string | null;
  readonly interaction: { readonly id: string; readonly name: string; readonly user_id: string } | null;
  readonly pinned: boolean;
  readonly created_at: number;
  readonly edited_at: number | null;
  /** The create request's nonce, kept for idempotency. */
  readonly nonce: string | null;
  /** A digest of the create request the nonce came with (same nonce, same message → the first). */
  readonly nonce_digest: string | null;
  /** Set on webhook posts (`author_id` is then the webhook's id). */
  readonly webhook?: WebhookAuthorRecord;
  /** Link cards of a webhook post. */
  readonly cards?: readonly LinkCardRecord[];
}

/** A ban; keyed by `guild_id:user_id`. */
export interface BanRecord {
  readonly guild_id: string;
  readonly user_id: string;
  readonly reason: string | null;
  readonly created_at: number;
}

/** A custom emoji of a server. */
export interface EmojiRecord {
  readonly id: string;
  readonly guild_id: string;
  readonly name: string;
  readonly animated: boolean;
  readonly available: boolean;
  readonly image_id: string | null;
}

/** One `changes` entry of an audit log entry. */
export interface AuditChange {
  readonly key: string;
  readonly old_value?: unknown;
  readonly new_value?: unknown;
}

/** An audit log entry. */
export interface AuditLogRecord {
  readonly id: string;
  readonly guild_id: string;
  readonly action_type: AuditLogActionType;
  readonly action: AuditLogActionName;
  readonly user_id: string | null;
  readonly target_id: string | null;
  readonly reason: string | null;
  readonly options: Readonly<Record<string, unknown>>;
  readonly changes: readonly AuditChange[];
  readonly created_at: number;
}

/**
 * A connected span of a bot: `[opened, closed]`, two positions in the server's log order (ids drawn
 * from the id generator when the connection identified and when it went away; `closed` null while
 * connected). A message was made while connected when its id lies strictly between them.
 */
export type ConnectedSpan = readonly [opened: string, closed: string | null];

/** When an app had an identified gateway connection, as spans in log order (oldest first). */
export interface PresenceRecord {
  readonly application_id: string;
  readonly spans: readonly ConnectedSpan[];
}
