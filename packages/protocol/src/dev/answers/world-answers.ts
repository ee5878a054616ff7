import type { Application } from "../../application/application.js";
import type { Channel } from "../../channel/channel.js";
import type { WebhookPausedReason } from "../../constants/errors.js";
import type { Intent } from "../../constants/intents.js";
import type { Scope } from "../../constants/scopes.js";
import type { Member } from "../../member/member.js";
import type { PermissionName } from "../../constants/permissions.js";
import type { User } from "../../user/user.js";

/**
 * What the dev API answers about the world's people, apps, servers and channels: the interface's
 * objects plus the settings only the dev API shows.
 * @module
 */

/** An application plus its dev settings `enabled` and `privileged_intents`. */
export interface DevApplication extends Application {
  readonly enabled: boolean;
  readonly privileged_intents: Intent[];
}

/** `POST /dev/v1/apps`: the app, its bot account and its token (shown only here). */
export interface DevCreatedApp {
  readonly application: DevApplication;
  readonly bot_user: User;
  readonly token: string;
}

/** A permission overwrite of a channel, by names. */
export interface DevOverwrite {
  readonly id: string;
  readonly type: "role" | "member";
  readonly allow: PermissionName[];
  readonly deny: PermissionName[];
}

/** A channel as the acting person sees it (their `permissions`), plus its `overwrites`. */
export type DevChannel = Channel & { readonly overwrites: DevOverwrite[] };

/** A server's settings. */
export interface DevGuild {
  readonly id: string;
  readonly name: string;
  readonly description: string | null;
  readonly icon_id: string | null;
  readonly owner_id: string;
  readonly everyone_role_id: string;
}

/** `POST /dev/v1/guilds`: the server and its first channel, `general`. */
export interface DevCreatedGuild extends DevGuild {
  readonly channels: DevChannel[];
}

/** A member with the server it belongs to (its timeout included). */
export type DevMember = Member & { readonly guild_id: string };

/** An app's install in a server. */
export interface DevInstall {
  readonly guild_id: string;
  readonly application_id: string;
  readonly scopes: Scope[];
  readonly intents: Intent[];
  readonly role_id: string;
}

/** An AutoMod keyword rule. */
export interface DevAutomodRule {
  readonly id: string;
  readonly guild_id: string;
  readonly name: string;
  readonly keywords: string[];
  readonly exempt_webhooks: boolean;
  readonly creator_id: string;
  readonly created_at: number;
}

/** A webhook as it is made: `{ id, name, channel_id, guild_id }`. */
export interface DevNewWebhook {
  readonly id: string;
  readonly name: string;
  readonly channel_id: string;
  readonly guild_id: string;
}

/** `POST /dev/v1/channels/{id}/webhooks`: the webhook and its URL (the secret is shown only here). */
export interface DevCreatedWebhook {
  readonly webhook: DevNewWebhook;
  readonly url: string;
}

/** `GET /dev/v1/webhooks/{id}`: the webhook, whether it may post now, and its maker. */
export interface DevWebhook extends DevNewWebhook {
  readonly state: "active" | "paused";
  /** Why it is paused (null while active). */
  readonly paused_reason: WebhookPausedReason | null;
  readonly maker_id: string;
}

/** `GET /dev/v1/clock`. */
export interface DevClockState {
  /** The server's time, Unix milliseconds. */
  readonly now: number;
  /** Whether `POST /dev/v1/clock` may move it (a manual clock). */
  readonly controllable: boolean;
}
