import { randomBytes } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { STATUS_CODES } from "node:http";
import type { Duplex } from "node:stream";
import { type DispatchOf, type GatewayEventName, LIMITS, type RateLimitRule } from "@chatbot/protocol";
import { WebSocketServer } from "ws";
import { assertCloseFrame } from "./close-reason.js";
import type { DispatchListener, GatewayConnection, GuildCreateListener } from "./connection.js";
import type { GatewayBackend } from "./gateway-backend.js";
import { IDENTIFY_RATE_LIMIT, IdentifyRateLimiter } from "./identify-rate-limit.js";
import type { BacklogRule } from "./read-backlog.js";
import { GatewaySession, type SessionHost } from "./session.js";
import { type GatewaySessionInfo, SessionEntry, SessionLog, type SessionObserver } from "./session-log.js";

/** The path the gateway's WebSocket upgrade is served on. */
export const GATEWAY_PATH = "/v1/gateway";

/** Tuning of a gateway; every field is optional. */
export interface GatewayOptions {
  /** How long a close handshake may take before the socket is destroyed, on the clock (5,000 ms). */
  readonly closeTimeoutMs?: number;
  /** The largest frame a bot may send, in bytes (16 KiB); a larger one closes with `1009`. */
  readonly maxPayloadBytes?: number;
  /**
   * Unread bytes past which a bot must be seen reading (1 MB): a connection whose read backlog stays
   * over it for `readBacklogGraceMs` without the bot taking a frame closes with `4009`.
   */
  readonly readBacklogBytes?: number;
  /** How long a bot over `readBacklogBytes` may go without reading, on the clock (5,000 ms). */
  readonly readBacklogGraceMs?: number;
  /** Unread bytes past which a connection closes with `4009` at once (8 × `readBacklogBytes`). */
  readonly readBacklogCapBytes?: number;
  /** The identify limit per bot (more than 5 in 5 seconds → `4008`). */
  readonly identifyRateLimit?: RateLimitRule;
  /** Told about errors thrown by the backend while serving a connection (closed with `4000`). */
  readonly onError?: (error: unknown) => void;
  /**
   * Called once `READY` went out on a new identified connection, before any `GUILD_CREATE` and any
   * other event can reach it (the event projection starts tracking it here).
   */
  readonly onReady?: (connection: GatewayConnection) => void;
  /**
   * Told of each `GUILD_CREATE` sent, with its payload and JSON text: those after `READY` (the
   * projection follows the server's events from here) and those of installs while connected.
   */
  readonly onGuildCreate?: GuildCreateListener;
  /** Told of each event sent to an identified bot, after it went out (the request log). */
  readonly onDispatch?: DispatchListener;
  /** Told when a session of an app is identified and when it ends (the inspector). */
  readonly onSession?: SessionObserver;
}

/** The WebSocket gateway: serves `/v1/gateway` upgrades and delivers events to identified bots. */
export interface Gateway {
  /** Serves an HTTP `upgrade`: `/v1/gateway` becomes a connection, any other path is answered `404`. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** The identified connections of `appId` (one at most: a newer one replaces the older). */
  sessionsFor(appId: string): readonly GatewayConnection[];
  /**
   * The gateway sessions of `appId`, newest first (at most 100, in memory): each socket whose
   * `identify` carried the app's valid token (`GET /dev/v1/apps/{app_id}/sessions`).
   */
  sessionLog(appId: string): GatewaySessionInfo[];
  /** Forgets every app's sessions (after a reset). */
  clearSessionLog(): void;
  /** The identified connection of `appId`, if it has one. */
  connectionOf(appId: string): GatewayConnection | undefined;
  /**
   * Sends one event to the connection of `appId`; `false` when it has none that is open. The
   * caller has checked what the bot may see; `INTERACTION_CREATE` is sent this way.
   */
  dispatch<E extends GatewayEventName>(appId: string, event: E, data: DispatchOf<E>): boolean;
  /** Closes the connection of `appId` with `code` (the dev API fault `close_gateway`); `false` if none. */
  closeApp(appId: string, code: number, reason?: string): boolean;
  /** Open sockets, identified or not. */
  readonly connectionCount: number;
  /** Closes every socket with `1001`, cancels every timer and refuses new upgrades (`503`). */
  close(): Promise<void>;
}

function positive(name: string, value: number): number {
  if (!Number.isFinite(value) || value <= 0)
    throw new RangeError(`${name} must be a number above 0, got ${value}`);
  return value;
}

function rejectUpgrade(socket: Duplex, status: number, code: string, message: string): void {
  const body = JSON.stringify({ code, message });
  socket.on("error", () => socket.destroy());
  socket.once("finish", () => socket.destroy());
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

function readBacklogRule(options: GatewayOptions): BacklogRule {
  const limitBytes = positive("readBacklogBytes", options.readBacklogBytes ?? LIMITS.gatewayReadBacklogBytes);
  return {
    limitBytes,
    graceMs: positive("readBacklogGraceMs", options.readBacklogGraceMs ?? 5_000),
    capBytes: positive("readBacklogCapBytes", options.readBacklogCapBytes ?? 8 * limitBytes),
  };
}

/** Creates the gateway over `backend`; wire `handleUpgrade` to the HTTP server's `upgrade` event. */
export function createGateway(backend: GatewayBackend, options: GatewayOptions = {}): Gateway {
  positive("backend.heartbeatIntervalMs", backend.heartbeatIntervalMs);
  const settings = {
    identifyTimeoutMs: LIMITS.gatewayIdentifyWindowMs,
    tokenRecheckMs: LIMITS.gatewayTokenRecheckMs,
    updateMergeMs: LIMITS.gatewayUpdateMergeMs,
    closeTimeoutMs: positive("closeTimeoutMs", options.closeTimeoutMs ?? 5_000),
    readBacklog: readBacklogRule(options),
  };
  const maxPayload = positive("maxPayloadBytes", options.maxPayloadBytes ?? 16 * 1024);
  const limiter = new IdentifyRateLimiter(backend.clock, options.identifyRateLimit ?? IDENTIFY_RATE_LIMIT);
  const onError = options.onError ?? ((error: unknown) => console.error("gateway:", error));
  const onReady = options.onReady ?? (() => {});
  const wss = new WebSocketServer({
    noServer: true,
    perMessageDeflate: false,
    clientTracking: false,
    maxPayload,
  });
  const sessions = new Set<GatewaySession>();
  const byApp = new Map<string, GatewayConnection>();
  const log = new SessionLog();
  let closing: { promise: Promise<void>; settle: () => void } | null = null;

  const host: SessionHost = {
    backend,
    settings,
    attribute: (appId, entry) => log.attribute(appId, entry),
    tryIdentify: (appId) => limiter.tryIdentify(appId),
    identified(connection) {
      const older = byApp.get(connection.appId);
      byApp.set(connection.appId, connection);
      if (older) older.close(4009, "replaced by a newer connection");
      else backend.connected(connection.appId);
    },
    ready: (connection) => onReady(connection),
    released(connection) {
      if (byApp.get(connection.appId) !== connection) return;
      byApp.delete(connection.appId);
      backend.disconnected(connection.appId);
    },
    socketClosed(session) {
      sessions.delete(session);
      if (closing && sessions.size === 0) closing.settle();
    },
    reportError: onError,
    onDispatch: options.onDispatch,
    onGuildCreate: options.onGuildCreate,
  };

  return {
    handleUpgrade(req, socket, head) {
      const path = new URL(req.url ?? "/", "http://gateway.invalid").pathname;
      if (path !== GATEWAY_PATH) {
        rejectUpgrade(socket, 404, "unknown_route", `no WebSocket at ${path}`);
      } else if (closing) {
        rejectUpgrade(socket, 503, "service_unavailable", "the gateway is shutting down");
      } else {
        wss.handleUpgrade(req, socket, head, (ws) => {
          if (closing) ws.terminate();
          else {
            const entry = new SessionEntry(
              randomBytes(16).toString("hex"),
              backend.clock.now(),
              options.onSession,
            );
            sessions.add(new GatewaySession(ws, socket, host, entry));
          }
        });
      }
    },
    sessionsFor(appId) {
      const connection = byApp.get(appId);
      return connection ? [connection] : [];
    },
    sessionLog: (appId) => log.list(appId),
    clearSessionLog: () => log.clear(),
    connectionOf(appId) {
      return byApp.get(appId);
    },
    dispatch(appId, event, data) {
      return byApp.get(appId)?.dispatch(event, data) ?? false;
    },
    closeApp(appId, code, reason = "") {
      assertCloseFrame(code, reason);
      const connection = byApp.get(appId);
      connection?.close(code, reason);
      return connection !== undefined;
    },
    get connectionCount() {
      return sessions.size;
    },
    close() {
      if (!closing) {
        let settle = () => {};
        const promise = new Promise<void>((resolve) => {
          settle = resolve;
        });
        closing = { promise, settle };
        wss.close();
        for (const session of [...sessions]) session.shutdown();
        if (sessions.size === 0) settle();
      }
      return closing.promise;
    },
  };
}
