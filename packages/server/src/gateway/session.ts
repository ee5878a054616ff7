import { CloseCode, type IdentifyFrame, type Intent, LIMITS, type ServerFrame } from "@chatbot/protocol";
import type { Duplex } from "node:stream";
import { type RawData, WebSocket } from "ws";
import type { Timer } from "../kernel/clock.js";
import { clampCloseReason } from "./close-reason.js";
import {
  type DispatchListener,
  type FrameSink,
  GatewayConnection,
  type GuildCreateListener,
} from "./connection.js";
import { encodeFrame, parseClientFrame } from "./frames.js";
import type { GatewayBackend, GatewayIdentity } from "./gateway-backend.js";
import { readRequestedIntents } from "./intents-filter.js";
import { type BacklogRule, ReadBacklog } from "./read-backlog.js";
import type { SessionEntry } from "./session-log.js";

/** The numbers a session runs with (the gateway's options, resolved). */
export interface SessionSettings {
  readonly identifyTimeoutMs: number;
  readonly tokenRecheckMs: number;
  readonly readBacklog: BacklogRule;
  readonly closeTimeoutMs: number;
  readonly updateMergeMs: number;
}

/** What a session asks of the gateway that owns it. */
export interface SessionHost {
  readonly backend: GatewayBackend;
  readonly settings: SessionSettings;
  /** The session's `identify` carried the valid token of `appId`: it joins that app's sessions. */
  attribute(appId: string, entry: SessionEntry): void;
  /** Counts one `identify` of `appId`; `false` when over the limit (`4008`). */
  tryIdentify(appId: string): boolean;
  /** `connection` identified: it becomes its app's one connection. */
  identified(connection: GatewayConnection): void;
  /** `READY` went out on `connection`; its `GUILD_CREATE`s follow. */
  ready(connection: GatewayConnection): void;
  /** `connection` stopped taking frames (closing or closed); called once. */
  released(connection: GatewayConnection): void;
  /** The session's socket is closed. */
  socketClosed(session: GatewaySession): void;
  reportError(error: unknown): void;
  /** Told of each dispatch sent on an identified connection (the request log). */
  readonly onDispatch?: DispatchListener | undefined;
  /** Told of each `GUILD_CREATE` sent on an identified connection (the event projection). */
  readonly onGuildCreate?: GuildCreateListener | undefined;
}

type State = "awaiting_identify" | "identified" | "closing" | "closed";
type Accepted = { readonly identity: GatewayIdentity; readonly intents: Intent[] };
type Refused = { readonly code: number; readonly reason: string };

function rawText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString("utf8");
  return (data instanceof ArrayBuffer ? Buffer.from(data) : data).toString("utf8");
}

/**
 * One WebSocket on `/v1/gateway` from open to close: `hello`, the 10-second identify window,
 * heartbeats (closed `4009` after two intervals without one), `identify` (`READY`, then the paced
 * burst of `GUILD_CREATE`s), the 10-second token re-check, the read backlog (closed `4009` when the
 * bot stops reading with over 1 MB unread, see {@link ReadBacklog}), and closing (the socket is
 * destroyed when the close handshake does not finish within `closeTimeoutMs`).
 */
export class GatewaySession implements FrameSink {
  readonly #ws: WebSocket;
  readonly #socket: Duplex;
  readonly #host: SessionHost;
  readonly #entry: SessionEntry;
  readonly #backlog: ReadBacklog;
  #state: State = "awaiting_identify";
  #closeCode: number | null = null;
  #connection: GatewayConnection | null = null;
  #token = "";
  #identifyTimer: Timer | null = null;
  #heartbeatTimer: Timer | null = null;
  #recheckTimer: Timer | null = null;
  #terminateTimer: Timer | null = null;

  /** `socket` is the upgraded connection `ws` runs on (corked around the burst's turns). */
  constructor(ws: WebSocket, socket: Duplex, host: SessionHost, entry: SessionEntry) {
    this.#ws = ws;
    this.#socket = socket;
    this.#host = host;
    this.#entry = entry;
    this.#backlog = new ReadBacklog(ws, host.backend.clock, host.settings.readBacklog, () =>
      this.close(CloseCode.SessionClosed, "read backlog over 1 MB"),
    );
    ws.on("message", (data, isBinary) => this.#guard(() => this.#onMessage(data, isBinary)));
    ws.on("close", (code, reason) => this.#onSocketClose(code, reason.toString("utf8")));
    // ws closes the socket itself after a protocol error (bad UTF-8, frame too large): 'close' follows.
    ws.on("error", () => {});
    const { clock, heartbeatIntervalMs } = host.backend;
    this.send({ op: "hello", d: { heartbeat_interval: heartbeatIntervalMs } });
    this.#identifyTimer = clock.setTimer(host.settings.identifyTimeoutMs, () =>
      this.close(CloseCode.IdentifyTimeout, "no identify within 10 seconds"),
    );
    this.#armHeartbeatDeadline();
  }

  get open(): boolean {
    return (
      (this.#state === "awaiting_identify" || this.#state === "identified") &&
      this.#ws.readyState === WebSocket.OPEN
    );
  }

  get bufferedAmount(): number {
    return this.#backlog.written;
  }

  get closeCode(): number | null {
    return this.#closeCode;
  }

  /** Sends a frame (the read-backlog rule applies). */
  send(frame: ServerFrame): boolean {
    return this.sendText(encodeFrame(frame));
  }

  /** Sends a frame given as JSON text (the read-backlog rule applies). */
  sendText(text: string): boolean {
    if (!this.open) return false;
    this.#backlog.write(text);
    return true;
  }

  whenUnreadAtMost(bytes: number): Promise<void> {
    return this.#backlog.whenWrittenAtMost(bytes);
  }

  owe(bytes: number): void {
    if (this.open) this.#backlog.owe(bytes);
  }

  writeTogether(write: () => void): void {
    this.#socket.cork();
    try {
      write();
    } finally {
      this.#socket.uncork();
    }
  }

  /** Starts the close handshake; frames sent after this are dropped. */
  close(code: number, reason: string): void {
    if (this.#state === "closing" || this.#state === "closed") return;
    this.#state = "closing";
    this.#closeCode = code;
    this.#entry.ended(this.#host.backend.clock.now(), code, reason);
    this.#stopTimers();
    this.#ws.close(code, clampCloseReason(reason));
    this.#terminateTimer = this.#host.backend.clock.setTimer(this.#host.settings.closeTimeoutMs, () =>
      this.#ws.terminate(),
    );
    this.#release();
  }

  /** Closes with `1001` and destroys the socket at once (server shutdown). */
  shutdown(): void {
    this.close(1001, "server shutting down");
    this.#ws.terminate();
  }

  #onMessage(data: RawData, isBinary: boolean): void {
    if (!this.open) return;
    const parsed = isBinary
      ? ({ ok: false, code: CloseCode.InvalidJson, reason: "frames must be JSON text" } as const)
      : parseClientFrame(rawText(data));
    if (!parsed.ok) {
      this.close(parsed.code, parsed.reason);
    } else if (parsed.frame.op === "identify") {
      this.#identify(parsed.frame);
    } else {
      this.#armHeartbeatDeadline();
      this.send({ op: "heartbeat_ack" });
    }
  }

  #identify(frame: IdentifyFrame): void {
    const accepted = this.#acceptIdentify(frame);
    if ("code" in accepted) {
      this.close(accepted.code, accepted.reason);
      return;
    }
    const { identity, intents } = accepted;
    const { backend, settings } = this.#host;
    this.#identifyTimer?.cancel();
    this.#state = "identified";
    this.#token = frame.d.token;
    const connection = new GatewayConnection(
      this,
      backend.clock,
      { sessionId: this.#entry.id, appId: identity.appId, intents },
      settings.updateMergeMs,
      { onSent: this.#host.onDispatch, onGuildCreate: this.#host.onGuildCreate },
    );
    this.#connection = connection;
    this.#entry.identifiedAt = backend.clock.now();
    this.#entry.connection = connection;
    this.#scheduleRecheck();
    this.#host.identified(connection);
    const guildIds = backend.guildIds(identity.appId);
    connection.dispatch("READY", {
      v: 1,
      session_id: connection.sessionId,
      user: identity.user,
      application: { id: identity.application.id, name: identity.application.name },
      intents,
      guilds: guildIds.map((id) => ({ id, unavailable: false })),
    });
    if (!connection.open) return;
    this.#host.ready(connection);
    const { appId } = identity;
    connection
      .sendGuilds(guildIds, (guildId) => backend.guildCreate(appId, guildId, intents))
      .then(
        () => {
          if (connection.open) this.#entry.notify("identified");
        },
        (error: unknown) => this.#fail(error),
      );
  }

  /**
   * The checks of `identify`, in order: 4005, 4013, 4004, then 4008 (counted only for a known bot).
   * A valid token makes the session one of its app's sessions, even when the identify is refused.
   */
  #acceptIdentify(frame: IdentifyFrame): Accepted | Refused {
    if (this.#state === "identified")
      return { code: CloseCode.AlreadyIdentified, reason: "already identified" };
    const identity = this.#host.backend.authenticate(frame.d.token);
    if (identity) {
      this.#entry.intentsRequested = [...new Set(frame.d.intents)];
      this.#host.attribute(identity.appId, this.#entry);
    }
    const requested = readRequestedIntents(frame.d.intents);
    if (!requested.ok)
      return { code: CloseCode.InvalidIntents, reason: `unknown intent: ${requested.unknown}` };
    if (!identity) return { code: CloseCode.AuthenticationFailed, reason: "authentication failed" };
    if (!this.#host.tryIdentify(identity.appId)) {
      return { code: CloseCode.IdentifyRateLimited, reason: "identify rate limited" };
    }
    return { identity, intents: requested.intents };
  }

  #armHeartbeatDeadline(): void {
    this.#heartbeatTimer?.cancel();
    const { clock, heartbeatIntervalMs } = this.#host.backend;
    this.#heartbeatTimer = clock.setTimer(LIMITS.gatewayMissedHeartbeatIntervals * heartbeatIntervalMs, () =>
      this.close(CloseCode.SessionClosed, "missed heartbeats"),
    );
  }

  #scheduleRecheck(): void {
    this.#recheckTimer = this.#host.backend.clock.setTimer(this.#host.settings.tokenRecheckMs, () =>
      this.#guard(() => {
        const identity = this.#host.backend.authenticate(this.#token);
        if (identity?.appId === this.#connection?.appId) this.#scheduleRecheck();
        else this.close(CloseCode.AuthenticationFailed, "token revoked or app unavailable");
      }),
    );
  }

  #guard(run: () => void): void {
    try {
      run();
    } catch (error) {
      this.#fail(error);
    }
  }

  /** The server failed while serving the connection: reported, and closed with `4000`. */
  #fail(error: unknown): void {
    this.#host.reportError(error);
    this.close(CloseCode.UnknownError, "internal error");
  }

  #stopTimers(): void {
    this.#backlog.stop();
    for (const timer of [this.#identifyTimer, this.#heartbeatTimer, this.#recheckTimer]) timer?.cancel();
    this.#identifyTimer = this.#heartbeatTimer = this.#recheckTimer = null;
    this.#connection?.dispose();
  }

  #release(): void {
    if (this.#connection) this.#host.released(this.#connection);
  }

  #onSocketClose(code: number, reason: string): void {
    this.#entry.ended(this.#host.backend.clock.now(), code, reason || null);
    const wasLive = this.#state === "awaiting_identify" || this.#state === "identified";
    this.#state = "closed";
    this.#stopTimers();
    this.#terminateTimer?.cancel();
    if (wasLive) this.#release();
    this.#host.socketClosed(this);
  }
}
