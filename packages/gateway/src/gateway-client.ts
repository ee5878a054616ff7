import { traceGateway } from "./gateway-telemetry.js";
import type { Channel, GuildCreatePayload, Interaction, Message, ReadyPayload } from "@chatbot/protocol";
import { reconnectDelay } from "./backoff.js";
import type { ClockTimer } from "./clock.js";
import { decideOnClose } from "./close-policy.js";
import {
  type GatewayClientOptions,
  type ResolvedGatewayOptions,
  resolveGatewayOptions,
} from "./gateway-client-options.js";
import { GatewayConnection, type RawDispatch } from "./gateway-connection.js";
import { GatewayAuthenticationError, GatewayError } from "./gateway-error.js";
import type { GatewayClientEvents } from "./gateway-events.js";
import { IdentifyLimiter } from "./identify-limiter.js";
import { withPermissionBitfields } from "./interaction-permissions.js";
import { ListenerQueue } from "./listener-queue.js";
import type { MessageRecovery } from "./message-recovery.js";
import { RecoveryRounds } from "./recovery-rounds.js";
import type { RecoveryBounds, RecoveryPoint } from "./recovery-types.js";
import { UndeliveredMessages } from "./undelivered-messages.js";
import { WorldView } from "./world/world-view.js";
import { TypedEmitter } from "./typed-emitter.js";

/** Where a {@link GatewayClient} is in its life. */
export type GatewayClientState = "idle" | "connecting" | "ready" | "waiting" | "stopped";

/**
 * A bot's connection to the gateway. It identifies with the intents, heartbeats, follows the
 * close-code policy (reconnecting with growing waits, or stopping with a {@link GatewayError}),
 * never identifies faster than the service allows, hands events to listeners through a bounded
 * queue so the socket is always read at once, and after a reconnect fetches the messages it
 * missed over REST (marked `recovered: true`).
 *
 * @example
 * const gateway = new GatewayClient({ token, intents: ["guilds", "guild_messages"], rest });
 * gateway.on("MESSAGE_CREATE", (message) => console.log(message.content));
 * await gateway.connect();
 */
export class GatewayClient extends TypedEmitter<GatewayClientEvents> {
  readonly #options: ResolvedGatewayOptions;
  readonly #limiter: IdentifyLimiter;
  readonly #undelivered = new UndeliveredMessages();
  readonly #listeners: ListenerQueue;
  /**
   * The bot's world as this connection told it: servers, channels with the bot's permissions,
   * roles, members met. Kept as each frame is read, before listeners get it; recovery reads it.
   */
  readonly world: WorldView;
  readonly #rounds: RecoveryRounds | null;
  readonly #recovery: MessageRecovery | null;
  #state: GatewayClientState = "idle";
  #connection: GatewayConnection | null = null;
  #url: string | null;
  /** Connections lost in a row since the last stable one. */
  #failures = 0;
  #startedAt = 0;
  #everReady = false;
  #pendingGuilds: Set<string> | null = null;
  #ready: ReadyPayload | null = null;
  #timer: ClockTimer | null = null;
  #stableTimer: ClockTimer | null = null;
  #firstReady: { resolve: () => void; reject: (error: Error) => void } | null = null;
  #closed: Array<() => void> = [];

  constructor(options: GatewayClientOptions) {
    super();
    this.#options = resolveGatewayOptions(options);
    this.#url = this.#options.gatewayUrl;
    this.world = new WorldView(options.world);
    if (options.rest && "getMember" in options.rest) this.world.useRest(options.rest as never);
    this.#limiter = new IdentifyLimiter(this.#options.clock, this.#options.identifyLimit);
    this.#listeners = new ListenerQueue(
      this.#options.maxQueuedEvents,
      {
        listenerCount: (event) => this.listenerCount(event),
        emitTo: (event, data, onError) => this.emitTo(event, data, onError),
      },
      this.#undelivered,
    );
    const { rest, recovery, clock, reconnect } = this.#options;
    this.#rounds =
      rest && recovery
        ? new RecoveryRounds({
            rest,
            recovery,
            clock,
            reconnect,
            channels: this.world,
            listeners: this.#listeners,
            undelivered: this.#undelivered,
            message: (message, recovered) => this.#pushMessage(message, recovered),
          })
        : null;
    this.#recovery = this.#rounds?.recovery ?? null;
    traceGateway(this);
  }

  /** Where the client is: `idle` before {@link connect}, `stopped` after it gave up or was closed. */
  get state(): GatewayClientState {
    return this.#state;
  }

  /** Events waiting for listeners now. */
  get queueSize(): number {
    return this.#listeners.size;
  }

  /** The most events that have waited at once. */
  get queuePeak(): number {
    return this.#listeners.peak;
  }

  /** Events dropped because the queue was full (see `maxQueuedEvents`). */
  get droppedEvents(): number {
    return this.#listeners.dropped;
  }

  /**
   * What recovery did since the client was made: messages handed over marked `recovered`, channels
   * skipped (each `recoverySkipped` event), and channels whose history could not be read yet and
   * will be read again after the next wait.
   */
  get recoveryCounts(): { recovered: number; skipped: number; pendingChannels: number } {
    const { recovered, skipped } = this.#rounds?.counts ?? { recovered: 0, skipped: 0 };
    return { recovered, skipped, pendingChannels: this.#recovery?.pendingChannels ?? 0 };
  }

  /**
   * Where a later process should start recovering from (per channel the newest message handed over,
   * and the newest id seen): keep it (in a state store, say) and give it to {@link resumeFrom} after
   * a restart, so the messages posted while no process was connected are read back. `null` without
   * recovery, or before any id was seen.
   */
  recoveryPoint(): RecoveryPoint | null {
    return this.#rounds?.point() ?? null;
  }

  /**
   * One channel's cursor in {@link recoveryPoint}: the newest message handed to the listeners there
   * (just below the oldest still queued for them), or `undefined` if none was. Cheap: for keeping
   * a cursor per channel as messages are handled.
   */
  recoveryCursor(channelId: string): string | undefined {
    return this.#rounds?.cursor(channelId);
  }

  /** How far back recovery reads in each channel, or `null` without recovery. */
  get recoveryBounds(): RecoveryBounds | null {
    return this.#rounds?.bounds ?? null;
  }

  /**
   * Before {@link connect}: the first ready reads back, as after a drop, every message newer than
   * `point` (from {@link recoveryPoint} of an earlier process), instead of starting from what exists
   * now. Throws after `connect()`; does nothing without recovery.
   */
  resumeFrom(point: RecoveryPoint): void {
    if (this.#state !== "idle") {
      throw new GatewayError(
        "already_connected",
        `resumeFrom() must come before connect() (state: ${this.#state})`,
      );
    }
    this.#recovery?.resumeFrom(point);
  }

  /** The last `s` read on the current connection (`null` before its first event). */
  get sequence(): number | null {
    return this.#connection?.sequence ?? null;
  }

  /**
   * Connects; resolves once the first connection is ready (`READY` and every `GUILD_CREATE` read).
   * Rejects with the {@link GatewayError} if the client stops first (a refused token, say).
   */
  connect(): Promise<void> {
    if (this.#state !== "idle") {
      return Promise.reject(
        new GatewayError("already_connected", `connect() was already called (state: ${this.#state})`),
      );
    }
    const ready = new Promise<void>((resolve, reject) => (this.#firstReady = { resolve, reject }));
    void this.#open();
    return ready;
  }

  /**
   * Closes the connection with `1000` and stops for good; resolves once the socket is closed: when
   * the service answers the close, or after `closeTimeoutMs` when it does not (the socket is then
   * cut). Events the service sent before it read the close still reach the listeners meanwhile:
   * they were sent to this connection, and no other would get an interaction among them.
   */
  close(): Promise<void> {
    if (this.#state === "stopped") return Promise.resolve();
    const closed = new Promise<void>((resolve) => this.#closed.push(resolve));
    const connection = this.#connection;
    this.#stop("closed by the client", null);
    if (connection) connection.close(1000, "client closing");
    else this.#finishClose();
    return closed;
  }

  /** Resolves once every event queued so far has been handed to the listeners. */
  idle(): Promise<void> {
    return this.#listeners.idle();
  }

  async #open(): Promise<void> {
    this.#state = "connecting";
    this.#startedAt = this.#options.clock.now();
    let url: string;
    try {
      url = this.#url ??= await this.#options.rest!.getGatewayUrl();
    } catch (error) {
      if (this.#state !== "connecting") return;
      if ((error as { status?: unknown }).status === 401) {
        this.#stop(
          "the REST interface refused the token",
          new GatewayAuthenticationError(
            "authentication_failed",
            "GET /v1/gateway answered 401: the token is invalid",
            {
              cause: error,
            },
          ),
        );
      } else {
        this.#scheduleReconnect(0, `could not get the gateway address: ${(error as Error).message}`);
      }
      return;
    }
    if (this.#state !== "connecting") return;
    this.#listeners.lifecycle("connecting", { attempt: this.#failures + 1, url });
    this.#pendingGuilds = null;
    this.#connection = new GatewayConnection(
      {
        url,
        token: this.#options.token,
        intents: this.#options.intents,
        clock: this.#options.clock,
        limiter: this.#limiter,
        handshakeTimeoutMs: this.#options.handshakeTimeoutMs,
        closeTimeoutMs: this.#options.closeTimeoutMs,
      },
      {
        onDispatch: (frame) => this.#onDispatch(frame),
        onClose: (code, reason) => this.#onClose(code, reason),
      },
    );
  }

  #onDispatch(frame: RawDispatch): void {
    let data = frame.d;
    this.world.applyFrame(frame.t, data);
    switch (frame.t) {
      case "MESSAGE_CREATE":
        if (this.#recovery) this.#recovery.live(data as Message);
        else this.#pushMessage(data as Message, false);
        return;
      case "INTERACTION_CREATE":
        data = withPermissionBitfields(data as Interaction);
        break;
      case "READY":
        this.#ready = data as ReadyPayload;
        this.#pendingGuilds = new Set(this.#ready.guilds.map((g) => g.id));
        break;
      case "GUILD_CREATE":
      case "GUILD_UPDATE":
        this.#recovery?.channelsSeen((data as GuildCreatePayload).channels, this.#state === "ready");
        if (frame.t === "GUILD_UPDATE" || this.#state === "ready") this.#baselineNewChannels();
        break;
      case "CHANNEL_CREATE":
      case "CHANNEL_UPDATE":
        this.#recovery?.channelsSeen([data as Channel], this.#state === "ready");
        this.#baselineNewChannels();
        break;
    }
    this.#listeners.push(frame.t, data);
    if (this.#pendingGuilds && this.#state === "connecting") {
      if (frame.t === "GUILD_CREATE") this.#pendingGuilds.delete((data as GuildCreatePayload).id);
      if (this.#pendingGuilds.size === 0 || (frame.t !== "GUILD_CREATE" && frame.t !== "READY"))
        this.#onReady();
    }
  }

  #pushMessage(message: Message, recovered: boolean): void {
    (message as { recovered?: boolean }).recovered = recovered;
    if (!this.#listeners.push("MESSAGE_CREATE", message) || !this.#recovery) return;
    this.#undelivered.queued(message.channel_id, message.id);
  }

  #onReady(): void {
    const ready = this.#ready!;
    const reconnected = this.#everReady;
    this.#state = "ready";
    this.#everReady = true;
    this.#pendingGuilds = null;
    this.#listeners.lifecycle("ready", {
      tookMs: this.#options.clock.now() - this.#startedAt,
      user: ready.user,
      sessionId: ready.session_id,
      guilds: ready.guilds.length,
      reconnected,
    });
    this.#stableTimer = this.#options.clock.setTimer(this.#options.reconnect.stableAfterMs, () => {
      this.#failures = 0;
    });
    this.#firstReady?.resolve();
    this.#firstReady = null;
    // Not reconnected and resumed: the first ready of a process that took over where one stopped.
    if (this.#rounds) void this.#rounds.start(reconnected || this.#rounds.recovery.resumed, !reconnected);
  }

  /** While ready, a channel that was already there when it appeared gets its floor at once. */
  #baselineNewChannels(): void {
    if (this.#state === "ready") this.#rounds?.baselineNewChannels();
  }

  #onClose(code: number, reason: string): void {
    this.#recovery?.dropped(this.#state === "ready");
    this.#connection = null;
    this.#stableTimer?.cancel();
    this.#rounds?.end();
    if (this.#state === "stopped") {
      this.#finishClose();
      return;
    }
    const decision = decideOnClose(code, reason);
    if (decision.action === "stop") {
      this.#stop(decision.error.message, decision.error);
      this.#finishClose();
      return;
    }
    const atLeast =
      decision.action === "reconnect_after_identify_window" ? this.#options.identifyLimit.windowMs : 0;
    this.#scheduleReconnect(code, reason, atLeast);
  }

  #scheduleReconnect(code: number, reason: string, atLeastMs = 0): void {
    this.#failures += 1;
    const waitMs = Math.max(atLeastMs, reconnectDelay(this.#options.reconnect, this.#failures));
    this.#state = "waiting";
    this.#listeners.lifecycle("reconnecting", { code, reason, waitMs, attempt: this.#failures });
    this.#timer = this.#options.clock.setTimer(waitMs, () => {
      this.#timer = null;
      void this.#open();
    });
  }

  #stop(reason: string, error: GatewayError | null): void {
    this.#state = "stopped";
    this.#timer?.cancel();
    this.#stableTimer?.cancel();
    this.#rounds?.end();
    this.#listeners.lifecycle("stopped", { reason, error });
    this.#firstReady?.reject(
      error ?? new GatewayError("closed", "the client was closed before it was ready"),
    );
    this.#firstReady = null;
  }

  #finishClose(): void {
    for (const resolve of this.#closed.splice(0)) resolve();
  }
}
