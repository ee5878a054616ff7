import type { GuildCreatePayload, Intent, ReadyPayload, User } from "@chatbot/protocol";
import type { Clock } from "../clock.js";

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
 * synchronous (the world is read from memory), so nothing can slip in between `identify` and the
 * `READY` and `GUILD_CREATE`s that answer it.
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
  /**
   * The `GUILD_CREATE` payloads sent after `READY`, one per server the app is installed in, for a
   * connection that requested `intents` (each payload's `intents` are the effective ones there).
   */
  initialGuilds(appId: string, intents: readonly Intent[]): readonly GuildCreatePayload[];
  /** The bot now has an identified connection (it had none). For the history rule. */
  connected(appId: string): void;
  /** The bot's last identified connection went away. For the history rule. */
  disconnected(appId: string): void;
}
