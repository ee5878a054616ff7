import type { GuildCreatePayload, Intent, ReadyPayload, User } from "@chatbot/protocol";
import type { Clock } from "../kernel/clock.js";

/** Who a bot token belongs to, as the gateway needs it for `READY`. */
export interface GatewayIdentity {
  /** The application id; one identified connection per app. */
  readonly appId: string;
  /** The bot's user object. */
  readonly user: User;
  /** `{ id, name }` of the application. */
  readonly application: ReadyPayload["application"];
}

/**
 * What the gateway needs from the rest of the server. The core implements it; every method is
 * synchronous (the world is read from memory). `READY` lists {@link guildIds} at `identify`; each
 * `GUILD_CREATE` after it is built by {@link guildCreate} when it goes out, so a change made
 * meanwhile is in the snapshot of a server not sent yet.
 */
export interface GatewayBackend {
  /** The server's one clock: every gateway deadline reads it. */
  readonly clock: Clock;
  /** `heartbeat_interval` sent in `hello`, in milliseconds. */
  readonly heartbeatIntervalMs: number;
  /**
   * The identity behind `token`, or `null` when the token is unknown or revoked, or the app is
   * switched off or deleted (`4004`). Called at `identify` and again every 10 seconds.
   */
  authenticate(token: string): GatewayIdentity | null;
  /** The ids of the servers `appId` is installed in, as `READY` lists them (a read of the app's installs). */
  guildIds(appId: string): readonly string[];
  /**
   * The `GUILD_CREATE` payload of `guildId` for a connection of `appId` that requested `intents`
   * (its `intents` are the effective ones there), from the world as it is now; `null` when the app
   * is no longer installed there.
   */
  guildCreate(appId: string, guildId: string, intents: readonly Intent[]): GuildCreatePayload | null;
  /** The bot now has an identified connection (it had none). For the history rule. */
  connected(appId: string): void;
  /** The bot's last identified connection went away. For the history rule. */
  disconnected(appId: string): void;
}
