import type { TableName } from "../world/world.js";

/** One row written by a transaction: `row` null deletes it. */
export interface RecordWrite {
  readonly kind: TableName;
  readonly key: string;
  readonly row: unknown;
}

/** Every stored row, by table. */
export type StoredRows = Partial<Record<TableName, unknown[]>>;

/**
 * Where the world is kept. The world itself lives in memory; a store only has to save each
 * committed transaction's writes before the answer is sent, and give every row back at start.
 */
export interface Store {
  /** Whether changes survive the process (a SQLite file) or not (memory). */
  readonly durable: boolean;
  /** Every stored row; empty for a new store. */
  load(): StoredRows;
  /** Saves one transaction's writes atomically. Throws when it could not. */
  commit(writes: readonly RecordWrite[]): void;
  /** Deletes everything (`POST /dev/v1/reset`). */
  clear(): void;
  /**
   * Deletes every row and saves `writes` in their place as one transaction (`PUT /dev/v1/world`):
   * after a crash the store holds the old rows or the new ones, never a part. Throws when it could
   * not; the old rows are then kept.
   */
  replace(writes: readonly RecordWrite[]): void;
  /** Releases the store; idempotent. */
  close(): void;
}
