import type { Message } from "@chatbot/protocol";
import { reconnectDelay, type ResolvedReconnectOptions } from "./backoff.js";
import type { ClockTimer, GatewayClock } from "./clock.js";
import type { GatewayRest, ResolvedGatewayOptions } from "./gateway-client-options.js";
import type { ListenerQueue } from "./listener-queue.js";
import { MessageRecovery } from "./message-recovery.js";
import type { RecoveryBounds, RecoveryPoint, RecoverySource } from "./recovery-types.js";
import type { UndeliveredMessages } from "./undelivered-messages.js";

/** What the rounds need of their client. */
export interface RecoveryRoundsSettings {
  readonly rest: GatewayRest;
  readonly recovery: NonNullable<ResolvedGatewayOptions["recovery"]>;
  readonly clock: GatewayClock;
  readonly reconnect: ResolvedReconnectOptions;
  /** The bot's world view: which channels to read back. */
  readonly channels: RecoverySource;
  readonly listeners: ListenerQueue;
  /** The messages queued for the listeners: a recovery point stays below them. */
  readonly undelivered: UndeliveredMessages;
  /** Queues one `MESSAGE_CREATE`, `recovered` when it came from REST. */
  message(message: Message, recovered: boolean): void;
}

/**
 * A client's {@link MessageRecovery} and the rounds it runs after each ready: reading back what was
 * missed (reported by a `recovered` event), setting the floors of channels seen for the first
 * time, and reading again the channels that failed, after growing waits. A drop ({@link end})
 * stops the round under way; the next ready starts again from the same cursors.
 */
export class RecoveryRounds {
  /** The recovery the client hands live messages and channels to. */
  readonly recovery: MessageRecovery;
  readonly #clock: GatewayClock;
  readonly #reconnect: ResolvedReconnectOptions;
  readonly #listeners: ListenerQueue;
  readonly #undelivered: UndeliveredMessages;
  /** How far back recovery reads in each channel. */
  readonly bounds: RecoveryBounds;
  #abort: AbortController | null = null;
  /** The next read of the channels whose recovery failed, and how many rounds failed in a row. */
  #retryTimer: ClockTimer | null = null;
  #retryRounds = 0;
  #recoveredCount = 0;
  /** What the last round read back after: a drop, or the restart of the bot's process. */
  #since: "drop" | "restart" = "drop";
  #skippedCount = 0;

  constructor(settings: RecoveryRoundsSettings) {
    const { clock, listeners, recovery } = settings;
    this.#clock = clock;
    this.#reconnect = settings.reconnect;
    this.#listeners = listeners;
    this.#undelivered = settings.undelivered;
    this.bounds = { maxMessagesPerChannel: recovery.maxMessagesPerChannel, maxAgeMs: recovery.maxAgeMs };
    this.recovery = new MessageRecovery(
      settings.rest,
      settings.channels,
      {
        message: (message, recovered) => settings.message(message, recovered),
        skipped: (skip) => {
          this.#skippedCount += 1;
          listeners.lifecycle("recoverySkipped", skip);
        },
      },
      recovery,
      recovery.channels,
      () => clock.now(),
    );
  }

  /** Messages handed over marked `recovered`, and channels skipped, since the client was made. */
  get counts(): { recovered: number; skipped: number } {
    return { recovered: this.#recoveredCount, skipped: this.#skippedCount };
  }

  /** Where a later process should start recovering from, or `null` before any id was seen. */
  point(): RecoveryPoint | null {
    const point = this.recovery.point();
    if (point === null || this.#undelivered.size === 0) return point;
    const cursors = { ...point.cursors };
    for (const [channelId, below] of this.#undelivered.entries()) cursors[channelId] = below;
    return { cursors, newest: point.newest };
  }

  /** One channel's cursor in {@link point}, or `undefined` if no message was handed over there. */
  cursor(channelId: string): string | undefined {
    return this.#undelivered.below(channelId) ?? this.recovery.cursor(channelId);
  }

  /**
   * After a ready: reads back what was missed when `missedSome` (since a drop, or with `first`, the
   * first ready of a process that resumed from an earlier one's point), then sets the new channels'
   * floors.
   */
  async start(missedSome: boolean, first = false): Promise<void> {
    const recovery = this.recovery;
    const abort = new AbortController();
    this.#abort = abort;
    const started = this.#clock.now();
    try {
      if (missedSome) {
        const count = await recovery.recover(abort.signal);
        this.#recoveredCount += count;
        this.#since = first ? "restart" : "drop";
        this.#listeners.lifecycle("recovered", {
          count,
          tookMs: this.#clock.now() - started,
          since: this.#since,
        });
      }
      await recovery.baseline(abort.signal);
    } catch (error) {
      // Aborted by a new drop: the next ready reads again from the same cursors.
      if (!abort.signal.aborted) this.#listeners.reportError(error, "recovered");
    }
    this.#retryLater(recovery, abort);
  }

  /** While ready, a channel that was already there when it appeared gets its floor at once. */
  baselineNewChannels(): void {
    const abort = this.#abort;
    if (!abort) return;
    this.recovery.baseline(abort.signal).catch((error: unknown) => {
      if (!abort.signal.aborted) this.#listeners.reportError(error, "recovered");
    });
  }

  /** The connection dropped or the client stopped: the round under way and its retries end. */
  end(): void {
    this.#abort?.abort();
    this.#retryTimer?.cancel();
  }

  /**
   * While some channels' history could not be read, reads them again after the reconnect waits
   * (growing with each failed round), until they are read or gone; a drop ends the rounds (the next
   * ready reads them with the rest).
   */
  #retryLater(recovery: MessageRecovery, abort: AbortController): void {
    if (abort.signal.aborted || recovery.pendingChannels === 0) {
      this.#retryRounds = 0;
      return;
    }
    this.#retryRounds += 1;
    const waitMs = reconnectDelay(this.#reconnect, this.#retryRounds);
    this.#retryTimer = this.#clock.setTimer(waitMs, () => {
      this.#retryTimer = null;
      if (abort.signal.aborted) return;
      const started = this.#clock.now();
      void recovery.retryPending(abort.signal).then(
        (count) => {
          this.#recoveredCount += count;
          if (count > 0)
            this.#listeners.lifecycle("recovered", {
              count,
              tookMs: this.#clock.now() - started,
              since: "retry",
            });
          this.#retryLater(recovery, abort);
        },
        (error: unknown) => {
          if (!abort.signal.aborted) {
            this.#listeners.reportError(error, "recovered");
            this.#retryLater(recovery, abort);
          }
        },
      );
    });
  }
}
