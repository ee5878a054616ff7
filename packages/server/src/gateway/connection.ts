import type {
  DispatchOf,
  GatewayEventName,
  GuildCreatePayload,
  Intent,
  ServerFrame,
} from "@chatbot/protocol";
import type { Clock } from "../kernel/clock.js";
import { assertCloseFrame } from "./close-reason.js";
import { type BurstSocket, ConnectBurst } from "./connect-burst.js";
import { GuildUpdateMerger } from "./guild-update-merger.js";

/** Where a connection's frames go: its session's socket. */
export interface FrameSink extends BurstSocket {
  /** Sends one frame; `false` when the socket no longer takes frames (they are dropped). */
  send(frame: ServerFrame): boolean;
  /** Sends one frame given as its JSON text; `false` when it was dropped. */
  sendText(text: string): boolean;
  /** Closes the socket with `code`. */
  close(code: number, reason: string): void;
  readonly open: boolean;
  readonly bufferedAmount: number;
  readonly closeCode: number | null;
}

/** The identity a connection was identified with. */
export interface ConnectionInit {
  readonly sessionId: string;
  readonly appId: string;
  readonly intents: readonly Intent[];
}

/** Told of each dispatch a connection sent: the app, the event's name and its `s`. */
export type DispatchListener = (
  appId: string,
  event: GatewayEventName,
  sequence: number,
  /** The payload `d` as the JSON text sent. */
  json: string,
  sessionId: string,
) => void;

/**
 * Told of each `GUILD_CREATE` a connection sent (after `READY`, out of turn, or on an install), with
 * the payload and its JSON text as sent: from here on, events of that server reach the connection.
 */
export type GuildCreateListener = (
  connection: GatewayConnection,
  payload: GuildCreatePayload,
  json: string,
) => void;

/**
 * Builds the `GUILD_CREATE` payload of `guildId` for this connection from the world as it is now, or
 * `null` when the app is no longer in that server.
 */
export type GuildCreateSource = (guildId: string) => GuildCreatePayload | null;

/** Who a connection tells what it sent. */
export interface ConnectionListeners {
  readonly onSent?: DispatchListener | undefined;
  readonly onGuildCreate?: GuildCreateListener | undefined;
}

/** Events whose payload may be handed over already encoded (not the three server-level ones). */
export type EncodableEvent = Exclude<GatewayEventName, "GUILD_UPDATE" | "GUILD_CREATE" | "GUILD_DELETE">;

/**
 * Builds the JSON text of a `GUILD_UPDATE` payload when it goes out, or `null` to send nothing
 * (the server is gone, or nothing the bot sees changed).
 */
export type GuildUpdateBuilder = () => string | null;

/**
 * An identified gateway connection: what the rest of the server delivers events to. `s` rises by
 * one per dispatch, starting at 1 with `READY`; the `GUILD_CREATE`s listed in `READY` follow in a
 * paced burst ({@link sendGuilds}), and a server's `GUILD_CREATE` always goes out before any other
 * event of it; `GUILD_UPDATE`s are merged per server (at most one per 300 ms); once the connection
 * closes, every dispatch is dropped.
 */
export class GatewayConnection {
  /** `session_id` sent in `READY`. */
  readonly sessionId: string;
  /** The application whose bot identified. */
  readonly appId: string;
  /** The intents requested in `identify`, each once (narrow them per server with `effectiveIntents`). */
  readonly intents: readonly Intent[];
  readonly #sink: FrameSink;
  readonly #merger: GuildUpdateMerger<GuildUpdateBuilder>;
  readonly #granted = new Set<Intent>();
  readonly #onSent: DispatchListener | undefined;
  readonly #onGuildCreate: GuildCreateListener | undefined;
  #sequence = 0;
  #burst: { readonly burst: ConnectBurst; readonly source: GuildCreateSource } | null = null;

  constructor(
    sink: FrameSink,
    clock: Clock,
    init: ConnectionInit,
    updateMergeMs: number,
    listeners: ConnectionListeners = {},
  ) {
    this.#onSent = listeners.onSent;
    this.#onGuildCreate = listeners.onGuildCreate;
    this.sessionId = init.sessionId;
    this.appId = init.appId;
    this.intents = init.intents;
    this.#sink = sink;
    this.#merger = new GuildUpdateMerger<GuildUpdateBuilder>(
      clock,
      (_, build) => {
        const json = build();
        return json !== null && this.#emit("GUILD_UPDATE", json);
      },
      updateMergeMs,
    );
  }

  /** The `s` of the last dispatch sent (0 before `READY`). */
  get sequence(): number {
    return this.#sequence;
  }

  /**
   * The intents any install granted this connection: the union of the `intents` of every
   * `GUILD_CREATE` it was sent, in the order they were requested.
   */
  get grantedIntents(): readonly Intent[] {
    return this.intents.filter((intent) => this.#granted.has(intent));
  }

  /** Whether dispatches are still delivered. */
  get open(): boolean {
    return this.#sink.open;
  }

  /** Bytes written to the socket and not yet taken by the bot. */
  get bufferedAmount(): number {
    return this.#sink.bufferedAmount;
  }

  /** The code the service closed this connection with, or `null` (open, or closed by the bot). */
  get closeCode(): number | null {
    return this.#sink.closeCode;
  }

  /**
   * Sends the event `event` with `data`; `false` when the connection is closed. `GUILD_UPDATE` goes
   * through the per-server merger (it may leave later, merged); `GUILD_CREATE` and `GUILD_DELETE`
   * drop a waiting `GUILD_UPDATE` of the same server, which they make stale, and take the server
   * off the connect burst. An event whose payload names a server (`guild_id`) still in the burst
   * sends that server's `GUILD_CREATE` first.
   */
  dispatch<E extends GatewayEventName>(event: E, data: DispatchOf<E>): boolean {
    if (event === "GUILD_UPDATE" || event === "GUILD_CREATE" || event === "GUILD_DELETE") {
      // These three payloads all carry the server id as `id` (GatewayDispatchPayloads).
      const guild = data as DispatchOf<"GUILD_UPDATE" | "GUILD_CREATE" | "GUILD_DELETE">;
      if (event === "GUILD_UPDATE") {
        const json = JSON.stringify(guild);
        return this.queueGuildUpdate(guild.id, () => json);
      }
      if (event === "GUILD_CREATE") return this.#sendGuildCreate(data as GuildCreatePayload) > 0;
      this.#burst?.burst.take(guild.id);
      this.#merger.discard(guild.id);
    } else {
      const guildId = (data as { guild_id?: unknown }).guild_id;
      if (typeof guildId === "string") this.introduceGuild(guildId);
    }
    return this.#emit(event, JSON.stringify(data));
  }

  /**
   * Sends the `GUILD_CREATE` of each server of `guildIds` (those `READY` listed), each built by
   * `source` when it goes out, in turns paced by the bot's reading (see {@link ConnectBurst});
   * resolves once each went out (or its server left the list) or the connection closed. A server
   * `source` no longer finds is sent as `GUILD_DELETE`.
   */
  async sendGuilds(guildIds: readonly string[], source: GuildCreateSource): Promise<void> {
    const burst = new ConnectBurst(guildIds, (guildId) => this.#introduce(guildId, source), this.#sink);
    this.#burst = { burst, source };
    try {
      await burst.run();
    } finally {
      if (this.#burst?.burst === burst) this.#burst = null;
    }
  }

  /** Whether the `GUILD_CREATE` of `guildId` is still to come in the connect burst. */
  awaitsGuild(guildId: string): boolean {
    return this.#burst?.burst.has(guildId) ?? false;
  }

  /**
   * Sends the `GUILD_CREATE` of `guildId` now, out of turn, when the connect burst has not reached
   * it (an event of that server is about to go out); `false` when it was not waiting.
   */
  introduceGuild(guildId: string): boolean {
    const waiting = this.#burst;
    if (!waiting?.burst.take(guildId)) return false;
    this.#introduce(guildId, waiting.source);
    return true;
  }

  /** Takes `guildId` off the connect burst (the app left it first); `false` when it was not waiting. */
  forgetGuild(guildId: string): boolean {
    return this.#burst?.burst.take(guildId) ?? false;
  }

  /**
   * Sends `event` whose payload is already the JSON text `json` (one encoding shared by every
   * connection that gets the same payload); `false` when the connection is closed.
   */
  dispatchEncoded(event: EncodableEvent, json: string): boolean {
    return this.#emit(event, json);
  }

  /**
   * Queues a `GUILD_UPDATE` of `guildId` through the merger: `build` runs when the update goes out
   * (at once, or at the end of the server's 300 ms window, only the newest one), so the payload is
   * read as it is then. `false` when the connection is closed.
   */
  queueGuildUpdate(guildId: string, build: GuildUpdateBuilder): boolean {
    if (!this.open) return false;
    this.#merger.push(guildId, build);
    return true;
  }

  /** Closes the connection with `code` (1000, 1001 or 3000 to 4999) and `reason` (up to 123 bytes). */
  close(code: number, reason = ""): void {
    assertCloseFrame(code, reason);
    this.#sink.close(code, reason);
  }

  /** Stops the merger's timers; called by the session when the socket stops taking frames. */
  dispose(): void {
    this.#merger.cancel();
  }

  /** Builds and sends one server's `GUILD_CREATE` (or `GUILD_DELETE`, when it is gone): characters sent. */
  #introduce(guildId: string, source: GuildCreateSource): number {
    const payload = source(guildId);
    if (payload) return this.#sendGuildCreate(payload);
    this.#merger.discard(guildId);
    const json = JSON.stringify({ id: guildId });
    return this.#emit("GUILD_DELETE", json) ? json.length : 0;
  }

  /** Sends `GUILD_CREATE`, encoded once; answers the characters of its payload (0: not sent). */
  #sendGuildCreate(payload: GuildCreatePayload): number {
    this.#burst?.burst.take(payload.id);
    this.#merger.discard(payload.id);
    const json = JSON.stringify(payload);
    if (!this.#emit("GUILD_CREATE", json)) return 0;
    for (const intent of payload.intents) this.#granted.add(intent);
    this.#onGuildCreate?.(this, payload, json);
    return json.length;
  }

  #emit(event: GatewayEventName, json: string): boolean {
    // The same text JSON.stringify gives for `{ op, t, s, d }`; event names need no escaping.
    const s = this.#sequence + 1;
    if (!this.#sink.sendText(`{"op":"dispatch","t":"${event}","s":${s},"d":${json}}`)) return false;
    this.#sequence = s;
    this.#onSent?.(this.appId, event, s, json, this.sessionId);
    return true;
  }
}
