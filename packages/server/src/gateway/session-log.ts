import type { GatewaySessionInfo } from "@chatbot/protocol/dev";
import type { GatewayConnection } from "./connection.js";

/** How many gateway sessions are kept per app (the newest; older ones are forgotten). */
export const KEPT_SESSIONS_PER_APP = 100;

/** One gateway connection of an app as the dev API shows it (`GET /dev/v1/apps/{app_id}/sessions`). */
export type { GatewaySessionInfo } from "@chatbot/protocol/dev";

/** What happened to a session, for {@link SessionObserver}. */
export type SessionAction = "identified" | "closed";

/**
 * Told when a session of an app is identified (after its `READY` and `GUILD_CREATE`s) and when it
 * ends (`reason` is the close frame's), for the inspector.
 */
export type SessionObserver = (
  appId: string,
  info: GatewaySessionInfo,
  action: SessionAction,
  reason: string | null,
) => void;

/** The record of one session, filled in as it goes; the session owns it. */
export class SessionEntry {
  identifiedAt: number | null = null;
  closedAt: number | null = null;
  closeCode: number | null = null;
  intentsRequested: readonly string[] = [];
  connection: GatewayConnection | null = null;
  /** The app whose valid token the session's `identify` carried. */
  appId: string | null = null;

  constructor(
    readonly id: string,
    readonly openedAt: number,
    private readonly observer?: SessionObserver,
  ) {}

  /** Records the end of the session once (the first close wins: the service's or the bot's). */
  ended(at: number, code: number, reason: string | null = null): void {
    if (this.closedAt !== null) return;
    this.closedAt = at;
    this.closeCode = code;
    this.notify("closed", reason);
  }

  /** Tells the observer, when there is one and the session belongs to an app. */
  notify(action: SessionAction, reason: string | null = null): void {
    if (this.observer && this.appId !== null) this.observer(this.appId, this.info(), action, reason);
  }

  /** The dev API's view of the session now. */
  info(): GatewaySessionInfo {
    return {
      id: this.id,
      opened_at: this.openedAt,
      identified_at: this.identifiedAt,
      closed_at: this.closedAt,
      close_code: this.closeCode,
      intents_requested: [...this.intentsRequested],
      intents_granted: this.connection ? [...this.connection.grantedIntents] : [],
      events_sent: this.connection?.sequence ?? 0,
    };
  }
}

/**
 * The gateway sessions of each app, newest first, at most {@link KEPT_SESSIONS_PER_APP} per app, in
 * memory only (a restarted server starts with none). A session joins its app's list when its
 * `identify` carries the app's valid token, whether or not the identify is then accepted; a socket
 * that never names a valid token belongs to no app and is not listed.
 */
export class SessionLog {
  readonly #byApp = new Map<string, SessionEntry[]>();

  /** Adds `entry` to the sessions of `appId` (once). */
  attribute(appId: string, entry: SessionEntry): void {
    entry.appId = appId;
    let list = this.#byApp.get(appId);
    if (!list) {
      list = [];
      this.#byApp.set(appId, list);
    }
    if (list.includes(entry)) return;
    list.unshift(entry);
    if (list.length > KEPT_SESSIONS_PER_APP) list.length = KEPT_SESSIONS_PER_APP;
  }

  /** The sessions of `appId`, newest first. */
  list(appId: string): GatewaySessionInfo[] {
    return (this.#byApp.get(appId) ?? []).map((entry) => entry.info());
  }

  /** Forgets every session (the world was reset: its apps are gone). */
  clear(): void {
    this.#byApp.clear();
  }
}
