/** The methods of a framework store's `jobs` queue that write. */
const JOB_WRITES: ReadonlySet<string> = new Set([
  "add",
  "cancel",
  "claimDue",
  "complete",
  "retry",
  "releaseClaims",
]);

/** The methods of a framework `StateStore` (and its `jobs` queue) that write. */
export const STORE_WRITES: ReadonlySet<string> = new Set([
  "set",
  "update",
  "compareAndSet",
  "delete",
  ...JOB_WRITES,
]);

/** `set of counter`, `add of job digest`: a write as a crash line names it. */
function describeWrite(method: string, args: readonly unknown[]): string {
  const [first] = args;
  if (typeof first === "string")
    return `${method} of ${first.length > 40 ? `${first.slice(0, 40)}…` : first}`;
  const name = (first as { name?: unknown } | undefined)?.name;
  if (typeof name === "string") return `${method} of job ${name}`;
  return method;
}

/** A promise that never settles: what a call of a crashed process answers. */
const never = (): Promise<never> => new Promise<never>(() => {});

/**
 * Where a crash falls among the bot's store writes: at its `k`-th write from now, before or after
 * it; with `own`, counting only the author's writes (not the framework's `chatbot:` keys and jobs).
 */
export interface WriteTrap {
  readonly k: number;
  readonly after: boolean;
  readonly own?: boolean;
}

/** The framework's keys (its gateway cursors, conversations, recovery point) start so. */
const FRAMEWORK_KEYS = "chatbot:";

/**
 * The gate between one incarnation of a bot and the store it shares with the next. Once severed
 * (a crash), every call of that incarnation, and every call it still waits on, never settles:
 * nothing it does after the crash instant reaches the store, as with `kill -9`.
 */
export class StoreGate {
  #severed = false;
  #trap: { left: number; after: boolean; own: boolean; hit: string | undefined } | undefined;
  /** The writes this incarnation made. */
  writes = 0;
  /** Its writes begun and not yet taken by the store. */
  pending = 0;

  constructor(private readonly onSever: (why: string) => void) {}

  get severed(): boolean {
    return this.#severed;
  }

  /** Severs at the trap's write; replaces an earlier trap. */
  arm(trap: WriteTrap): void {
    this.#trap = { left: trap.k, after: trap.after, own: trap.own ?? false, hit: undefined };
  }

  /** Takes back a trap that has not fired. */
  disarm(): void {
    this.#trap = undefined;
  }

  get armed(): boolean {
    return this.#trap !== undefined;
  }

  /** Severs now; `why` says where (for the scenario's trace). */
  sever(why: string): void {
    if (this.#severed) return;
    this.#severed = true;
    this.#trap = undefined;
    this.onSever(why);
  }

  /** A write begins: answers false when the crash falls before it (it is not made). */
  beforeWrite(what: string, own: boolean): boolean {
    this.writes++;
    if (process.env.CHATBOT_EXPLORE_DEBUG === "writes") this.onSever(`(not) — write ${what}`);
    const trap = this.#trap;
    if (trap === undefined || (trap.own && !own)) return true;
    trap.left--;
    if (trap.left > 0) return true;
    if (trap.after) {
      trap.hit = `${own && trap.own ? "own " : ""}write (${what})`;
      return true;
    }
    this.sever(`before its ${own ? "own " : ""}write (${what})`);
    return false;
  }

  /** A write was made: the crash falls right after it when the trap says so. */
  afterWrite(): void {
    const hit = this.#trap?.hit;
    if (hit !== undefined) this.sever(`after its ${hit}`);
  }

  /**
   * `store` seen through this gate: calls pass to it until the gate is severed; after, they never
   * settle. Methods run on the store itself (its private fields work); objects it hands out
   * (`jobs`, a `namespace()`) are gated too.
   */
  wrap<S extends object>(store: S): S {
    return new Proxy(store, {
      get: (target, property, receiver) => {
        const value: unknown = Reflect.get(target, property, target);
        if (typeof value === "function") {
          if (property === "constructor") return value;
          return (...args: unknown[]) =>
            this.#call(target, property, value as (...args: unknown[]) => unknown, args);
        }
        if (value !== null && typeof value === "object" && !Array.isArray(value) && receiver)
          return this.wrap(value);
        return value;
      },
    });
  }

  #call(
    target: object,
    property: string | symbol,
    method: (...args: unknown[]) => unknown,
    args: unknown[],
  ): unknown {
    if (this.#severed) return never();
    const write = typeof property === "string" && STORE_WRITES.has(property);
    const what = write ? describeWrite(String(property), args) : "";
    const own =
      write &&
      !JOB_WRITES.has(String(property)) &&
      !(typeof args[0] === "string" && args[0].startsWith(FRAMEWORK_KEYS));
    if (write && !this.beforeWrite(what, own)) return never();
    const out: unknown = method.apply(target, args);
    if (out instanceof Promise) {
      if (write) this.pending++;
      return out.then(
        (value: unknown) => {
          if (write) {
            this.pending--;
            this.afterWrite();
          }
          return this.#severed ? never() : value;
        },
        (error: unknown) => {
          if (write) this.pending--;
          return this.#severed ? never() : Promise.reject(error);
        },
      );
    }
    if (write) this.afterWrite();
    if (out !== null && typeof out === "object" && !Array.isArray(out)) return this.wrap(out);
    return out;
  }
}
