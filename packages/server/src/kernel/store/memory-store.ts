import type { RecordWrite, Store, StoredRows } from "./store.js";

/**
 * The default store: nothing beyond the in-memory world, so nothing survives the process. It
 * still counts commits, which tests use to see that a refused change saved nothing.
 */
export class MemoryStore implements Store {
  readonly durable = false;
  private commits = 0;

  load(): StoredRows {
    return {};
  }

  commit(writes: readonly RecordWrite[]): void {
    if (writes.length > 0) this.commits += 1;
  }

  clear(): void {}

  replace(writes: readonly RecordWrite[]): void {
    this.commit(writes);
  }

  close(): void {}

  /** How many non-empty transactions were committed. */
  get commitCount(): number {
    return this.commits;
  }
}
