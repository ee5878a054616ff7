import type { Transaction } from "../kernel/changes/transaction.js";

/** What a committed change touched, for pages that show the world (the console) to refetch. */
export interface WorldNotice {
  /** The tables written (`messages`, `members`, `interactions`...). */
  readonly tables: readonly string[];
  readonly guild_ids: readonly string[];
  readonly channel_ids: readonly string[];
  /** Set when the whole world was reset or replaced. */
  readonly reset?: true;
}

function idOf(row: unknown, key: "guild_id" | "channel_id"): string | null {
  if (typeof row !== "object" || row === null) return null;
  const value = (row as Record<string, unknown>)[key];
  return typeof value === "string" ? value : null;
}

/**
 * Tells listeners, after each committed transaction, which tables, servers and channels it touched
 * (the dev API's live stream). Costs nothing while nobody listens.
 */
export class LiveFeed {
  readonly #listeners = new Set<(notice: WorldNotice) => void>();

  /** Adds a listener; returns the function that removes it. */
  subscribe(listener: (notice: WorldNotice) => void): () => void {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  }

  /** A commit hook of the core: reads the transaction's writes and publishes once it commits. */
  readonly commitHook = (tx: Transaction): void => {
    if (this.#listeners.size === 0) return;
    const tables = new Set<string>();
    const guilds = new Set<string>();
    const channels = new Set<string>();
    for (const write of tx.writes) {
      tables.add(write.kind);
      const guild = idOf(write.row, "guild_id");
      if (guild) guilds.add(guild);
      const channel = idOf(write.row, "channel_id");
      if (channel) channels.add(channel);
      if (write.kind === "channels" && write.row !== null) channels.add(write.key);
      if (write.kind === "guilds") guilds.add(write.key);
    }
    for (const draft of tx.drafts) {
      guilds.add(draft.guildId);
      const message = (draft as { message?: unknown }).message;
      const channel = idOf(message, "channel_id") ?? (draft as { channelId?: string }).channelId;
      if (channel) channels.add(channel);
    }
    if (tables.size === 0) return;
    const notice: WorldNotice = { tables: [...tables], guild_ids: [...guilds], channel_ids: [...channels] };
    tx.afterCommit(() => this.publish(notice));
  };

  /** Tells every listener that the world was reset or replaced. */
  reset(): void {
    this.publish({ tables: [], guild_ids: [], channel_ids: [], reset: true });
  }

  private publish(notice: WorldNotice): void {
    for (const listener of this.#listeners) {
      try {
        listener(notice);
      } catch (error) {
        console.error("live feed listener failed", error);
      }
    }
  }
}
