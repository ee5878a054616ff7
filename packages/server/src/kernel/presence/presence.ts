import type { ConnectedSpan, PresenceRecord } from "../world/records.js";
import type { Transaction } from "../changes/transaction.js";
import { compactSpans, type MessagesBetween, sameSpans, spansCover } from "./connected-spans.js";
import { upgradePresenceRow } from "./presence-legacy.js";
import type { IdGenerator } from "../ids.js";
import type { World } from "../world/world.js";

/** What {@link Presence} uses of the kernel that holds it. */
export interface PresenceHost {
  readonly world: World;
  readonly ids: IdGenerator;
  transact<R>(fn: (tx: Transaction) => R): R;
}

/**
 * When each bot had an identified gateway connection, in the server's log order (never clock
 * readings: under a clock that stands still, "while connected" must still follow what happened
 * first), saved with the world. A connection's span opens and closes at positions drawn from the id
 * generator, the same sequence message ids come from, so a message was made while the bot was
 * connected exactly when its id lies inside a span.
 *
 * The history rule reads it: without Read message history a bot reads only messages made while it
 * was connected. Only what that rule can still need is kept (see {@link compactSpans}): a bot that
 * connects 3,000 times keeps one span per stretch of connection that saw a message still there.
 * The gateway calls {@link connected} and {@link disconnected}.
 */
export class Presence {
  // With no messages feature installed there is no message, so no closed span is needed.
  private anyMessageBetween: MessagesBetween = () => false;

  constructor(private readonly core: PresenceHost) {}

  /**
   * How compaction asks whether a message lies between two positions: the feature that keeps the
   * messages tells it when installed. Until then there is none.
   */
  readMessagesWith(anyMessageBetween: MessagesBetween): void {
    this.anyMessageBetween = anyMessageBetween;
  }

  /** The bot of `appId` now has an identified connection (no-op when it already had one). */
  connected(appId: string): void {
    if (this.isConnected(appId)) return;
    this.core.transact((tx) => {
      const spans: ConnectedSpan[] = [...this.spansOf(appId), [this.core.ids.next(), null]];
      this.save(tx, appId, spans);
    });
  }

  /** The bot of `appId` has no identified connection any more. */
  disconnected(appId: string): void {
    if (!this.isConnected(appId)) return;
    this.core.transact((tx) => this.save(tx, appId, this.closed(this.spansOf(appId))));
  }

  /** Whether the bot of `appId` has an identified connection now. */
  isConnected(appId: string): boolean {
    const last = this.spansOf(appId).at(-1);
    return last !== undefined && last[1] === null;
  }

  /**
   * Whether the bot of `appId` was connected when the object with id `id` was made (the id's place
   * in the log order, not its time).
   */
  wasConnectedAt(appId: string, id: string): boolean {
    return spansCover(this.spansOf(appId), id);
  }

  /** The spans kept for `appId`, oldest first. */
  spansOf(appId: string): readonly ConnectedSpan[] {
    return this.core.world.tables.presence.get(appId)?.spans ?? [];
  }

  /**
   * After loading a stored world: brings rows of older data files to spans, closes the spans left
   * open by the previous process (nothing was sent while the server was down, so closing them now
   * is exact) and compacts every list.
   */
  afterLoad(): void {
    const rows = [...this.core.world.tables.presence.values()] as readonly unknown[];
    if (rows.length === 0) return;
    this.core.transact((tx) => {
      for (const stored of rows) {
        const row = upgradePresenceRow(stored as PresenceRecord);
        const spans = this.closed(row.spans);
        const upgraded = row !== stored;
        this.save(tx, row.application_id, spans, upgraded);
      }
    });
  }

  /** `spans` with the last one closed now (a new position in the log order). */
  private closed(spans: readonly ConnectedSpan[]): ConnectedSpan[] {
    const out = [...spans];
    const last = out.at(-1);
    if (last !== undefined && last[1] === null) out[out.length - 1] = [last[0], this.core.ids.next()];
    return out;
  }

  /** Compacts `spans` and writes them when they differ from the stored ones (or `force`). */
  private save(tx: Transaction, appId: string, spans: readonly ConnectedSpan[], force = false): void {
    const compact = compactSpans(spans, this.anyMessageBetween);
    if (!force && sameSpans(compact, this.spansOf(appId))) return;
    if (compact.length === 0) tx.remove("presence", appId);
    else tx.put("presence", { application_id: appId, spans: compact });
  }
}
