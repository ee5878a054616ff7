import type { ChangeDraft } from "./server-change.js";
import type { RecordWrite } from "../store/store.js";
import type { TableName, TableRows, World } from "../world/world.js";

/**
 * One change of the world in progress. Every write is applied at once (so later reads in the same
 * operation see it) and logged for undo; if the operation throws, {@link rollback} restores the world
 * exactly. On commit the core saves {@link writes} in one store transaction, then publishes the
 * change drafts and runs the after-commit hooks (timers).
 */
export class Transaction {
  private readonly undo: Array<() => void> = [];
  private readonly pending = new Map<string, RecordWrite>();
  /** {@link writes} as last built; any later write drops it. */
  private writeList: RecordWrite[] | null = null;
  private readonly changeDrafts: ChangeDraft[] = [];
  private readonly hooks: Array<() => void> = [];
  private removed = false;

  /** `now` is the clock time the whole transaction reads. */
  constructor(
    readonly world: World,
    readonly now: number,
  ) {}

  /** Puts a row (insert or replace); returns the row it replaced. */
  put<K extends TableName>(kind: K, row: TableRows[K]): TableRows[K] | undefined {
    const key = this.world.tables[kind].keyOf(row as never);
    const previous = this.world.put(kind, row);
    this.undo.push(() => {
      if (previous === undefined) this.world.remove(kind, key);
      else {
        this.world.remove(kind, key);
        this.world.put(kind, previous);
      }
    });
    this.pending.set(`${kind}\u0000${key}`, { kind, key, row });
    this.writeList = null;
    return previous;
  }

  /** Removes a row by key; returns it (nothing happens when it does not exist). */
  remove<K extends TableName>(kind: K, key: string): TableRows[K] | undefined {
    const previous = this.world.remove(kind, key);
    if (previous === undefined) return undefined;
    this.removed = true;
    this.undo.push(() => {
      this.world.put(kind, previous);
    });
    this.pending.set(`${kind}\u0000${key}`, { kind, key, row: null });
    this.writeList = null;
    return previous;
  }

  /**
   * Records a change to publish after the commit. The draft belongs to the transaction from then on:
   * on commit the change bus numbers it in place (pass a new object each time).
   */
  emit(draft: ChangeDraft): void {
    this.changeDrafts.push(draft);
  }

  /** Runs `fn` once the transaction has committed (never when it rolls back). */
  afterCommit(fn: () => void): void {
    this.hooks.push(fn);
  }

  /**
   * The net writes, one per row. Built once however many read it (the commit hooks, the store), until
   * the next write; treat it as read-only.
   */
  get writes(): readonly RecordWrite[] {
    this.writeList ??= [...this.pending.values()];
    return this.writeList;
  }

  /** Whether a row was removed (most transactions only put rows; cascades look at removals). */
  get hasRemovals(): boolean {
    return this.removed;
  }

  get drafts(): readonly ChangeDraft[] {
    return this.changeDrafts;
  }

  get afterCommitHooks(): readonly (() => void)[] {
    return this.hooks;
  }

  /** Undoes every write, newest first. */
  rollback(): void {
    for (let i = this.undo.length - 1; i >= 0; i--) this.undo[i]!();
    this.undo.length = 0;
    this.pending.clear();
    this.writeList = null;
    this.removed = false;
    this.changeDrafts.length = 0;
    this.hooks.length = 0;
  }
}
