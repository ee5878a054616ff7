import type { GatewayEventName, Intent } from "@chatbot/protocol";
import { WebSocket } from "ws";
import type { ClockTimer, GatewayClock } from "./clock.js";
import type { IdentifyLimiter } from "./identify-limiter.js";

/** A `dispatch` frame as read: event name, sequence number, payload. */
export interface RawDispatch {
  readonly t: GatewayEventName;
  readonly s: number;
  readonly d: unknown;
}

/** What a {@link GatewayConnection} tells its owner. */
export interface ConnectionHandler {
  /** A `dispatch` frame, called on the socket's callback: keep it short. */
  onDispatch(frame: RawDispatch): void;
  /** The socket closed (once): the service's code and reason, or `1006` for a drop. */
  onClose(code: number, reason: string): void;
}

/** The socket settings of one connection. */
export interface ConnectionSettings {
  readonly url: string;
  readonly token: string;
  readonly intents: readonly Intent[];
  readonly clock: GatewayClock;
  readonly limiter: IdentifyLimiter;
  /** How long the WebSocket upgrade may take, and then the `hello`, in ms. */
  readonly handshakeTimeoutMs: number;
  /** How long a close may wait for the service's answer before the socket is cut, in ms. */
  readonly closeTimeoutMs: number;
}

/** The close code reported when the client cuts a connection it takes for dead. */
export const DEAD_CONNECTION_CODE = 1006;

/**
 * One WebSocket to the gateway, from open to close: answers `hello` with `identify` (when the
 * identify limit allows), sends a heartbeat every `heartbeat_interval` carrying the last `s`, and
 * takes a heartbeat that is still unanswered when the next one is due as a dead connection (the
 * socket is cut and reported closed with `1006`).
 */
export class GatewayConnection {
  readonly #ws: WebSocket;
  readonly #settings: ConnectionSettings;
  readonly #handler: ConnectionHandler;
  #sequence: number | null = null;
  #heartbeat: ClockTimer | null = null;
  #identify: ClockTimer | null = null;
  #helloDeadline: ClockTimer | null = null;
  #awaitingAck = false;
  #cutReason: string | null = null;
  #closed = false;

  constructor(settings: ConnectionSettings, handler: ConnectionHandler) {
    this.#settings = settings;
    this.#handler = handler;
    this.#ws = new WebSocket(settings.url, {
      perMessageDeflate: false,
      handshakeTimeout: settings.handshakeTimeoutMs,
      // ws's own bound on a close's handshake (its typings leave the option out).
      ...({ closeTimeout: settings.closeTimeoutMs } as object),
    });
    this.#ws.on("open", () => {
      this.#helloDeadline = settings.clock.setTimer(settings.handshakeTimeoutMs, () =>
        this.#cut(`no hello within ${settings.handshakeTimeoutMs} ms of opening`),
      );
    });
    this.#ws.on("message", (data: Buffer, isBinary) => this.#onMessage(data, isBinary));
    this.#ws.on("close", (code, reason) => this.#onClose(code, reason.toString("utf8")));
    // ws emits 'close' after every 'error' (refused, reset, bad upgrade): the close decides.
    this.#ws.on("error", (error) => {
      this.#cutReason ??= error.message;
    });
  }

  /** The last `s` read on this connection, or `null` before the first event. */
  get sequence(): number | null {
    return this.#sequence;
  }

  /** Starts the close handshake with `code` (the owner is told when it completes). */
  close(code: number, reason: string): void {
    this.#stopTimers();
    if (this.#ws.readyState === WebSocket.CONNECTING) this.#cut(reason);
    else this.#ws.close(code, reason);
  }

  /** Cuts the socket at once; the owner hears `1006` with `reason`. */
  #cut(reason: string): void {
    this.#cutReason = reason;
    this.#stopTimers();
    this.#ws.terminate();
  }

  #onMessage(data: Buffer, isBinary: boolean): void {
    let frame: { op?: unknown; t?: unknown; s?: unknown; d?: unknown };
    try {
      if (isBinary) throw new Error("binary frame");
      frame = JSON.parse(data.toString("utf8")) as typeof frame;
    } catch {
      this.#cut("the service sent a frame that is not JSON text");
      return;
    }
    switch (frame.op) {
      case "dispatch":
        this.#sequence = frame.s as number;
        this.#handler.onDispatch(frame as RawDispatch);
        return;
      case "heartbeat_ack":
        this.#awaitingAck = false;
        return;
      case "hello":
        this.#onHello((frame.d as { heartbeat_interval?: unknown } | undefined)?.heartbeat_interval);
        return;
      default:
        return;
    }
  }

  #onHello(interval: unknown): void {
    this.#helloDeadline?.cancel();
    if (typeof interval !== "number" || !(interval > 0)) {
      this.#cut(`the service's hello has no valid heartbeat_interval (${String(interval)})`);
      return;
    }
    this.#scheduleHeartbeat(interval);
    const { limiter, token, intents } = this.#settings;
    this.#identify = limiter.whenFree(() => {
      this.#identify = null;
      this.#send({ op: "identify", d: { token, intents } });
    });
  }

  #scheduleHeartbeat(interval: number): void {
    this.#heartbeat = this.#settings.clock.setTimer(interval, () => {
      if (this.#awaitingAck) {
        this.#cut(`no heartbeat_ack within ${interval} ms: the connection is taken for dead`);
        return;
      }
      this.#awaitingAck = true;
      this.#send({ op: "heartbeat", d: this.#sequence });
      this.#scheduleHeartbeat(interval);
    });
  }

  #send(frame: object): void {
    if (this.#ws.readyState === WebSocket.OPEN) this.#ws.send(JSON.stringify(frame));
  }

  #stopTimers(): void {
    this.#heartbeat?.cancel();
    this.#identify?.cancel();
    this.#helloDeadline?.cancel();
    this.#heartbeat = this.#identify = this.#helloDeadline = null;
  }

  #onClose(code: number, reason: string): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#stopTimers();
    const cut = this.#cutReason;
    this.#handler.onClose(
      code,
      reason || (code === DEAD_CONNECTION_CODE ? (cut ?? "connection dropped") : ""),
    );
  }
}
