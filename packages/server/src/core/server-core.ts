import { ChangeBus } from "../changes/change-bus.js";
import type { ChangeListener } from "../changes/server-change.js";
import type { Clock } from "../clock.js";
import { removalCascade } from "../commands/removal-cascade.js";
import { IdGenerator, isSnowflake } from "../ids.js";
import { InteractionDeadlines } from "../interactions/interaction-deadlines.js";
import { DEFAULT_KEPT_INTERACTIONS } from "../interactions/interaction-retention.js";
import { PermissionEngine } from "../permissions/permission-engine.js";
import type { RecordWrite, Store, StoredRows } from "../store/store.js";
import { Transaction } from "../world/transaction.js";
import { TABLE_NAMES, type TableRows, World } from "../world/world.js";
import { Presence } from "./presence.js";
import { TimeoutScheduler } from "./timeout-scheduler.js";

/** Options of a {@link ServerCore}. */
export interface ServerCoreOptions {
  readonly clock: Clock;
  readonly store: Store;
  /** Where listener errors go (a listener that throws never undoes a commit). */
  readonly onListenerError?: (error: unknown) => void;
  /**
   * How many interactions to keep before the oldest closed ones (past their 15 minutes) are
   * dropped; default {@link DEFAULT_KEPT_INTERACTIONS}.
   */
  readonly keptInteractions?: number;
}

/**
 * The server's core: the world, the permission engine, the clock, the ids, the store and the
 * change stream. Every change of the world is one {@link transact} call: the operation validates,
 * checks and applies its writes; the core saves them in one store transaction, then publishes the
 * change records in order. If any step throws, the world is restored and nothing is published.
 */
export class ServerCore {
  readonly world = new World();
  readonly engine: PermissionEngine;
  readonly ids: IdGenerator;
  readonly presence: Presence;
  readonly timeouts: TimeoutScheduler;
  /** The 3-second answer window of each delivered interaction. */
  readonly interactions: InteractionDeadlines;
  /** Last message time per `channel:user`, for slowmode (not persisted). */
  readonly lastPostAt = new Map<string, number>();
  private readonly bus: ChangeBus;
  private readonly commitHooks: Array<(tx: Transaction) => void> = [];
  private inTransaction = false;

  constructor(private readonly options: ServerCoreOptions) {
    const kept = options.keptInteractions;
    if (kept !== undefined && !(Number.isInteger(kept) && kept >= 0)) {
      throw new RangeError(`keptInteractions must be a whole number of 0 or more, got ${kept}`);
    }
    this.engine = new PermissionEngine(this.world);
    this.ids = new IdGenerator(() => options.clock.now());
    this.bus = new ChangeBus(
      options.onListenerError ?? ((error) => console.error("change listener failed", error)),
    );
    this.presence = new Presence(this);
    this.timeouts = new TimeoutScheduler(this);
    this.interactions = new InteractionDeadlines(this);
    this.beforeCommit((tx) => removalCascade(this, tx));
  }

  /**
   * Adds a hook that runs inside every transaction after its operation and before the save, so it
   * can add writes of its own (cascades); throwing undoes the whole transaction.
   */
  beforeCommit(hook: (tx: Transaction) => void): void {
    this.commitHooks.push(hook);
  }

  get clock(): Clock {
    return this.options.clock;
  }

  /** How many interactions are kept (see {@link ServerCoreOptions.keptInteractions}). */
  get keptInteractions(): number {
    return this.options.keptInteractions ?? DEFAULT_KEPT_INTERACTIONS;
  }

  get store(): Store {
    return this.options.store;
  }

  /**
   * Adds a listener of committed changes (delivered synchronously, in commit order, per server
   * `seq` rising by one); returns the function that removes it.
   */
  subscribe(listener: ChangeListener): () => void {
    return this.bus.subscribe(listener);
  }

  /**
   * Runs `fn` as one transaction of the world. Throwing inside `fn` (or a store failure) restores
   * the world and publishes nothing; otherwise the writes are saved, then changes are published,
   * then after-commit hooks run. Transactions do not nest.
   */
  transact<R>(fn: (tx: Transaction) => R): R {
    if (this.inTransaction) throw new Error("transactions do not nest");
    this.inTransaction = true;
    const tx = new Transaction(this.world, this.clock.now());
    let result: R;
    try {
      result = fn(tx);
      for (const hook of this.commitHooks) hook(tx);
      this.store.commit(tx.writes);
    } catch (error) {
      tx.rollback();
      throw error;
    } finally {
      this.inTransaction = false;
    }
    this.bus.publish(tx.drafts, tx.now);
    for (const hook of tx.afterCommitHooks) hook();
    return result;
  }

  /**
   * Puts stored or seeded rows into the (empty) world without publishing anything, and re-arms
   * timeouts. `save` also writes them to the store (a seed loaded into a new data file).
   */
  loadRows(rows: StoredRows, save: boolean): void {
    if (save) this.store.commit(writesOf(rows, this.world));
    this.putRows(rows);
  }

  /**
   * Puts `rows` in place of the whole world (`PUT /dev/v1/world`). The store swaps its rows in one
   * transaction first, so a crash leaves the old world or the new one; if that fails, nothing changed.
   */
  replaceRows(rows: StoredRows): void {
    this.store.replace(writesOf(rows, this.world));
    this.clearMemory();
    this.putRows(rows);
  }

  private putRows(rows: StoredRows): void {
    let newest = 0n;
    for (const kind of TABLE_NAMES) {
      for (const row of rows[kind] ?? []) {
        this.world.put(kind, row as TableRows[typeof kind]);
        const id = (row as { id?: unknown }).id;
        if (typeof id === "string" && isSnowflake(id) && BigInt(id) > newest) newest = BigInt(id);
      }
    }
    // Observe only the newest id: IdGenerator.observe ignores ids of an already observed millisecond.
    if (newest > 0n) this.ids.observe(newest.toString());
    this.presence.afterLoad();
    this.timeouts.armAll();
    this.interactions.armAll();
  }

  /** Empties the world and the store (`POST /dev/v1/reset`). */
  reset(): void {
    this.store.clear();
    this.clearMemory();
  }

  private clearMemory(): void {
    this.timeouts.cancelAll();
    this.interactions.cancelAll();
    this.world.clear();
    this.lastPostAt.clear();
    this.bus.resetSequences();
  }

  /** Stops every timer of the core. */
  close(): void {
    this.timeouts.cancelAll();
    this.interactions.cancelAll();
  }
}

/** The store writes that save `rows`, keyed as their tables key them. */
function writesOf(rows: StoredRows, world: World): RecordWrite[] {
  const writes: RecordWrite[] = [];
  for (const kind of TABLE_NAMES) {
    const table = world.tables[kind];
    for (const row of rows[kind] ?? []) writes.push({ kind, key: table.keyOf(row as never), row });
  }
  return writes;
}
