import type { ChannelKind, Intent, PermissionName, Scope } from "@chatbot/protocol";
import type { RateLimitSettings, SeedWorld } from "@chatbot/server";

/** A role: its permissions, or the permissions with the role's other settings. */
export type RoleDescription =
  | readonly PermissionName[]
  | {
      readonly permissions: readonly PermissionName[];
      readonly mentionable?: boolean;
      readonly hoist?: boolean;
      readonly color?: string;
    };

/** One permission overwrite of a channel: what it allows and denies. */
export interface OverwriteDescription {
  readonly allow?: readonly PermissionName[];
  readonly deny?: readonly PermissionName[];
}

/** A channel of a server. */
export interface ChannelDescription {
  /** Default `text`. */
  readonly kind?: ChannelKind;
  readonly topic?: string;
  readonly slowmodeSeconds?: number;
  /**
   * Overwrites keyed by `everyone`, a role name of the server, a person's name or an app's (`bot`,
   * or its key in `apps`: the overwrite is its bot account's): the engine applies everyone first,
   * then roles, then the member.
   */
  readonly overwrites?: Readonly<Record<string, OverwriteDescription>>;
}

/** A server of the world. */
export interface ServerDescription {
  /** The owner, a person's name; default a person `owner` made for it. */
  readonly owner?: string;
  /** Channels by name; default `{ general: {} }`. */
  readonly channels?: Readonly<Record<string, ChannelDescription>>;
  /** Roles by name, highest first. */
  readonly roles?: Readonly<Record<string, RoleDescription>>;
  /** The everyone role's permissions; default the service's defaults for a new server. */
  readonly everyone?: readonly PermissionName[];
  /**
   * Who is a member, by name, each with their role names here; default every person of the world
   * (with the roles `people` gives them).
   */
  readonly members?: readonly string[] | Readonly<Record<string, readonly string[]>>;
}

/** A person: their display name and the roles they hold in each server where such a role exists. */
export interface PersonDescription {
  readonly name?: string;
  readonly roles?: readonly string[];
}

/** An app installed in the world's servers. */
export interface AppDescription {
  /** Its name; default the key it is given under (`bot` for `app`). */
  readonly name?: string;
  /** Default `commands`, `messages.read`, `messages.send`, `reactions`, `message_content`. */
  readonly scopes?: readonly Scope[];
  /** Default every intent that is not privileged. */
  readonly intents?: readonly Intent[];
  /** The install's permissions; default view, send, read history, embed links, attach files, add reactions. */
  readonly permissions?: readonly PermissionName[];
  /** Privileged access (`guild_members` and `members.read` take effect); default false. */
  readonly privileged?: boolean;
  /** The servers it is installed in, by name; default every server. */
  readonly installedIn?: readonly string[];
}

/**
 * A world in a few lines. `channels`, `roles`, `everyone`, `owner` and `members` at the top describe
 * the one server when `servers` is absent (it is then called `test`).
 */
export interface WorldDescription extends ServerDescription {
  readonly servers?: Readonly<Record<string, ServerDescription>>;
  /** People by name (or just their names); each becomes a user with that username. */
  readonly people?: readonly string[] | Readonly<Record<string, PersonDescription>>;
  /** The app (`world.app`), named `bot` unless `name` says otherwise. */
  readonly app?: AppDescription;
  /** Several apps by name; `world.app` is the first. Exclusive with `app`. */
  readonly apps?: Readonly<Record<string, AppDescription>>;
}

/** Options of {@link createTestWorld}. */
export interface TestWorldOptions extends WorldDescription {
  /**
   * A seed file path or seed object instead of a description: handles are named by username,
   * server, channel, role and app names. An app without a fixed `token` gets a new one.
   */
  readonly seed?: string | SeedWorld;
  /** With a seed holding several apps: the name of the one `world.app` is. */
  readonly appName?: string;
  /** The service's rate limits: on by default; `false` switches them off, an object changes some. */
  readonly rateLimits?: boolean | Partial<RateLimitSettings>;
  /** How long each wait may take in real time, in ms; default 2,000. */
  readonly timeoutMs?: number;
  /**
   * The `heartbeat_interval` the gateway's `hello` gives; default 12 hours, so that moving the clock
   * by less than a day never drops a bot that heartbeats on real time. Set it lower to test heartbeats.
   */
  readonly heartbeatIntervalMs?: number;
  /** Where the controllable clock starts (Unix ms); default now. */
  readonly clockStart?: number;
}
