import { ChangeBus } from "./changes/change-bus.js";
import type { ChangeListener } from "./changes/server-change.js";
import type { Clock } from "./clock.js";
import { IdGenerator, isSnowflake } from "./ids.js";
import { PermissionEngine } from "./permissions/permission-engine.js";
import type { RecordWrite, Store, StoredRows } from "./store/store.js";
import { Presence } from "./presence/presence.js";
import { Transaction } from "./changes/transaction.js";
import { KERNEL_TABLES } from "./world/kernel-tables.js";
import { type TableName, type TableRows, type TableSpec, World } from "./world/world.js";

/**
 * A feature of the interface (messages, roles, webhooks…): what it adds to the server. The kernel
 * knows no feature by name; the assembly hands each one to {@link Kernel.install}, and takes the
 * routes of all of them into the one route table.
 *
 * @typeParam Route - the route type of the HTTP layer (the kernel does not know it).
 */
export interface Feature<Route = unknown> {
  /** A short name, unique among the installed features (`"messages"`). */
  readonly name: string;
  /** Its routes (`/v1`, `/dev/v1`, raw), as data. */
  readonly routes?: readonly Route[];
  /** The tables it keeps its records in (each declared in the world's `WorldTables` by its own file). */
  readonly tables?: readonly TableSpec[];
  /** Adds its commit hooks, lifecycle hooks and services to the kernel. */
  install?(kernel: Kernel): void;
}

/** What a feature does when a row of a table is removed (see {@link Kernel.onRemoved}). */
export type RemovalCascade = Partial<Record<TableName, (key: string, tx: Transaction) => void>>;

/** Options of a {@link Kernel}. */
export interface KernelOptions {
  readonly clock: Clock;
  readonly store: Store;
  /** Where listener errors go (a listener that throws never undoes a commit). */
  readonly onListenerError?: (error: unknown) => void;
}

/** The moments of a kernel's life a feature can hook into (see {@link Kernel.on}). */
export interface KernelHooks {
  /** After stored or seeded rows were put into the world (re-arm timers here). */
  readonly loaded: () => void;
  /** Before the world is emptied (reset, or replaced by another world): drop what memory holds. */
  readonly cleared: () => void;
  /** When the server closes: stop timers. */
  readonly closed: () => void;
}

/**
 * The server's kernel: the world, the permission engine, the clock, the ids, the store, presence
 * and the change stream. Every change of the world is one {@link transact} call: the operation
 * validates, checks and applies its writes; the kernel saves them in one store transaction, then
 * publishes the change records in order. If any step throws, the world is restored and nothing is
 * published.
 *
 * The kernel constructs no feature: each one is handed to {@link install}, which lets it add commit
 * hooks, lifecycle hooks and its own services ({@link decorate}, typed by augmenting this class).
 */
export class Kernel {
  readonly world = new World(KERNEL_TABLES);
  readonly engine: PermissionEngine;
  readonly ids: IdGenerator;
  /** When each bot had an identified gateway connection (the history rule reads it). */
  readonly presence: Presence;
  private readonly bus: ChangeBus;
  private readonly commitHooks: Array<(tx: Transaction) => void> = [];
  private readonly hooks: { [K in keyof KernelHooks]: Array<KernelHooks[K]> } = {
    loaded: [],
    cleared: [],
    closed: [],
  };
  private readonly installed = new Set<string>();
  private inTransaction = false;

  constructor(private readonly options: KernelOptions) {
    this.engine = new PermissionEngine(this.world);
    this.ids = new IdGenerator(() => options.clock.now());
    this.bus = new ChangeBus(
      options.onListenerError ?? ((error) => console.error("change listener failed", error)),
    );
    this.presence = new Presence(this);
  }

  /**
   * Installs `feature` (each name once, before any row is loaded): its tables join the world, then
   * it adds its hooks and services to this kernel.
   */
  install(feature: Feature): void {
    if (this.installed.has(feature.name)) throw new Error(`feature ${feature.name} is already installed`);
    this.world.define(feature.tables ?? []);
    this.installed.add(feature.name);
    feature.install?.(this);
  }

  /**
   * Adds a service of a feature as a property of the kernel (`kernel.timeouts`); its type comes
   * from the feature's augmentation of {@link Kernel}. A name is given once.
   */
  decorate<K extends keyof this>(name: K, value: this[K]): void {
    if (Object.hasOwn(this, name)) throw new Error(`the kernel already has ${String(name)}`);
    Object.defineProperty(this, name, { value, enumerable: true });
  }

  /** Runs `hook` at a moment of the kernel's life (see {@link KernelHooks}), in install order. */
  on<K extends keyof KernelHooks>(moment: K, hook: KernelHooks[K]): void {
    this.hooks[moment].push(hook);
  }

  /**
   * Adds a hook that runs inside every transaction after its operation and before the save, so it
   * can add writes of its own (cascades); throwing undoes the whole transaction.
   */
  beforeCommit(hook: (tx: Transaction) => void): void {
    this.commitHooks.push(hook);
  }

  /**
   * A cascade: before each save, calls the hook of each table in `cascade` for every row of that
   * table the transaction removes, with the row's key, in the order of the writes (one commit hook,
   * so it sees the writes of the hooks added before it). Its own writes go into the same
   * transaction.
   */
  onRemoved(cascade: RemovalCascade): void {
    this.beforeCommit((tx) => {
      if (!tx.hasRemovals) return;
      for (const write of tx.writes) {
        if (write.row === null) cascade[write.kind]?.(write.key, tx);
      }
    });
  }

  get clock(): Clock {
    return this.options.clock;
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
   * timers. `save` also writes them to the store (a seed loaded into a new data file).
   */
  loadRows(rows: StoredRows, save: boolean): void {
    this.checkTables(rows);
    if (save) this.store.commit(writesOf(rows, this.world));
    this.putRows(rows);
  }

  /**
   * Puts `rows` in place of the whole world (`PUT /dev/v1/world`). The store swaps its rows in one
   * transaction first, so a crash leaves the old world or the new one; if that fails, nothing changed.
   */
  replaceRows(rows: StoredRows): void {
    this.checkTables(rows);
    this.store.replace(writesOf(rows, this.world));
    this.clearMemory();
    this.putRows(rows);
  }

  /** Rows of a table no installed feature defines would be dropped: refuse them, naming the table. */
  private checkTables(rows: StoredRows): void {
    for (const [kind, list] of Object.entries(rows)) {
      if (!list?.length || Object.hasOwn(this.world.tables, kind)) continue;
      throw new Error(
        `the rows to load include ${list.length} of table "${kind}", which no installed feature defines (installed: ${[...this.installed].join(", ") || "none"})`,
      );
    }
  }

  private putRows(rows: StoredRows): void {
    let newest = 0n;
    for (const kind of this.world.names) {
      for (const row of rows[kind] ?? []) {
        this.world.put(kind, row as TableRows[typeof kind]);
        const id = (row as { id?: unknown }).id;
        if (typeof id === "string" && isSnowflake(id) && BigInt(id) > newest) newest = BigInt(id);
      }
    }
    // Observe only the newest id: IdGenerator.observe ignores ids of an already observed millisecond.
    if (newest > 0n) this.ids.observe(newest.toString());
    this.presence.afterLoad();
    for (const hook of this.hooks.loaded) hook();
  }

  /** Empties the world and the store (`POST /dev/v1/reset`). */
  reset(): void {
    this.store.clear();
    this.clearMemory();
  }

  private clearMemory(): void {
    for (const hook of this.hooks.cleared) hook();
    this.world.clear();
    this.bus.resetSequences();
  }

  /** Stops every timer of the kernel's features. */
  close(): void {
    for (const hook of this.hooks.closed) hook();
  }
}

/** The store writes that save `rows`, keyed as their tables key them. */
function writesOf(rows: StoredRows, world: World): RecordWrite[] {
  const writes: RecordWrite[] = [];
  for (const kind of world.names) {
    const table = world.tables[kind];
    for (const row of rows[kind] ?? []) writes.push({ kind, key: table.keyOf(row as never), row });
  }
  return writes;
}
