import type { PresenceRecord } from "../world/records.js";
import type { ServerCore } from "./server-core.js";

/**
 * When each bot had an identified gateway connection, read off the clock and saved with the world.
 * The history rule reads it: without Read message history a bot reads only messages created while
 * it was connected. The gateway calls {@link connected} and {@link disconnected}.
 */
export class Presence {
  constructor(private readonly core: ServerCore) {}

  /** The bot of `appId` now has an identified connection (no-op when it already had one). */
  connected(appId: string): void {
    if (this.isConnected(appId)) return;
    this.core.transact((tx) => {
      const record = this.record(appId);
      tx.put("presence", { application_id: appId, intervals: [...record.intervals, [tx.now, null]] });
    });
  }

  /** The bot of `appId` has no identified connection any more. */
  disconnected(appId: string): void {
    if (!this.isConnected(appId)) return;
    this.core.transact((tx) => {
      tx.put("presence", this.closed(this.record(appId), tx.now));
    });
  }

  /** Whether the bot of `appId` has an identified connection now. */
  isConnected(appId: string): boolean {
    const last = this.record(appId).intervals.at(-1);
    return last !== undefined && last[1] === null;
  }

  /** Whether the bot of `appId` was connected at `at` (Unix milliseconds). */
  wasConnectedAt(appId: string, at: number): boolean {
    const intervals = this.record(appId).intervals;
    for (let i = intervals.length - 1; i >= 0; i--) {
      const [from, to] = intervals[i]!;
      if (at >= from && (to === null || at <= to)) return true;
      if (to !== null && to < at) return false;
    }
    return false;
  }

  /**
   * Closes the intervals left open by a previous process (after loading a stored world): nothing
   * was sent while the server was down, so closing them now is exact.
   */
  closeOpenIntervals(): void {
    const open = [...this.core.world.tables.presence.values()].filter(
      (r) => r.intervals.at(-1)?.[1] === null,
    );
    if (open.length === 0) return;
    this.core.transact((tx) => {
      for (const record of open) tx.put("presence", this.closed(record, tx.now));
    });
  }

  private record(appId: string): PresenceRecord {
    return this.core.world.tables.presence.get(appId) ?? { application_id: appId, intervals: [] };
  }

  private closed(record: PresenceRecord, now: number): PresenceRecord {
    const intervals = [...record.intervals];
    const last = intervals.at(-1);
    if (last && last[1] === null) intervals[intervals.length - 1] = [last[0], now];
    return { application_id: record.application_id, intervals };
  }
}
