import type { GatewayClient, RecoveryPoint } from "@chatbot/gateway";
import type { Logger } from "../services.js";
import type { StateStore } from "../state/state-store.js";

/** The store key of the gateway's recovery point. */
export const RECOVERY_POINT_KEY = "chatbot:gateway:recovery-point";

/**
 * Keeps the gateway client's recovery point in the bot's state store, so that a new process of the
 * bot (a restart, a deploy) reads back what was posted while none was connected, as a reconnect
 * does: read before connecting, written every `everyMs` while it changes, and once more at stop.
 */
export class RecoveryKeeper {
  readonly #gateway: GatewayClient;
  readonly #store: StateStore;
  readonly #logger: Logger;
  readonly #everyMs: number;
  #timer: ReturnType<typeof setInterval> | null = null;
  #saved = "";
  #saving: Promise<void> = Promise.resolve();

  constructor(gateway: GatewayClient, store: StateStore, logger: Logger, everyMs = 5_000) {
    this.#gateway = gateway;
    this.#store = store;
    this.#logger = logger;
    this.#everyMs = everyMs;
  }

  /** Before connecting: the point an earlier process kept, if any, becomes the gateway's start. */
  async resume(): Promise<void> {
    let point: RecoveryPoint | undefined;
    try {
      point = await this.#store.get<RecoveryPoint>(RECOVERY_POINT_KEY);
    } catch (error) {
      this.#logger.warn(`gateway: could not read the recovery point; starting from now: ${String(error)}`);
      return;
    }
    if (!isPoint(point)) return;
    this.#saved = JSON.stringify(point);
    this.#gateway.resumeFrom(point);
    this.#logger.info(
      `gateway: reading back what was posted since the last process (${Object.keys(point.cursors).length} channel cursor(s))`,
    );
  }

  /** Writes the point every `everyMs` (a timer that never holds the process open). */
  start(): void {
    this.#timer ??= setInterval(() => void this.save(), this.#everyMs);
    this.#timer.unref();
  }

  /** Stops the timer and writes the point a last time. */
  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    await this.save();
  }

  /** Writes the point when it changed since the last write; a failure is logged, never thrown. */
  save(): Promise<void> {
    this.#saving = this.#saving.then(async () => {
      const point = this.#gateway.recoveryPoint();
      if (point === null) return;
      const text = JSON.stringify(point);
      if (text === this.#saved) return;
      try {
        await this.#store.set(RECOVERY_POINT_KEY, point);
        this.#saved = text;
      } catch (error) {
        this.#logger.warn(`gateway: could not keep the recovery point: ${String(error)}`);
      }
    });
    return this.#saving;
  }
}

function isPoint(value: unknown): value is RecoveryPoint {
  const point = value as Partial<RecoveryPoint> | undefined;
  return (
    typeof point === "object" &&
    point !== null &&
    typeof point.newest === "string" &&
    typeof point.cursors === "object" &&
    point.cursors !== null
  );
}
