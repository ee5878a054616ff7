import { LIMITS } from "@chatbot/protocol";
import type { Clock, Timer } from "../kernel/clock.js";

interface Window<P> {
  timer: Timer;
  pending: { payload: P } | null;
}

/**
 * Keeps `GUILD_UPDATE` to at most one per window (300 ms) per server on one connection: the first
 * update goes out at once and opens a window; later ones inside the window are merged into one,
 * sent with the newest payload when the window ends (which opens the next window). A `send` that
 * returns `false` sent nothing (say, nothing the bot sees changed), so it opens no window.
 */
export class GuildUpdateMerger<P> {
  private readonly windows = new Map<string, Window<P>>();

  constructor(
    private readonly clock: Clock,
    private readonly send: (guildId: string, payload: P) => unknown,
    private readonly windowMs: number = LIMITS.gatewayUpdateMergeMs,
  ) {
    if (!(windowMs > 0)) throw new RangeError(`windowMs must be more than 0, got ${windowMs}`);
  }

  /** Sends `payload` now, or keeps it as the newest update of `guildId` until its window ends. */
  push(guildId: string, payload: P): void {
    const open = this.windows.get(guildId);
    if (open) {
      open.pending = { payload };
      return;
    }
    this.windows.set(guildId, { timer: this.openWindow(guildId), pending: null });
    if (this.send(guildId, payload) === false) this.discard(guildId);
  }

  /** Drops the waiting update of `guildId` and ends its window (after `GUILD_CREATE` / `GUILD_DELETE`). */
  discard(guildId: string): void {
    this.windows.get(guildId)?.timer.cancel();
    this.windows.delete(guildId);
  }

  /** Drops every waiting update and cancels every timer. */
  cancel(): void {
    for (const window of this.windows.values()) window.timer.cancel();
    this.windows.clear();
  }

  /** How many servers have an update waiting for the end of their window. */
  get waitingCount(): number {
    let count = 0;
    for (const window of this.windows.values()) if (window.pending) count += 1;
    return count;
  }

  private openWindow(guildId: string): Timer {
    return this.clock.setTimer(this.windowMs, () => this.endWindow(guildId));
  }

  private endWindow(guildId: string): void {
    const window = this.windows.get(guildId);
    if (!window) return;
    if (!window.pending) {
      this.windows.delete(guildId);
      return;
    }
    const { payload } = window.pending;
    window.pending = null;
    window.timer = this.openWindow(guildId);
    if (this.send(guildId, payload) === false) this.discard(guildId);
  }
}
