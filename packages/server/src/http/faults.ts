import type { FaultBody, PendingFault } from "@chatbot/protocol/dev";
import type { HttpMethod } from "./http-method.js";

/** A fault waiting for the `/v1` calls it applies to (`GET /dev/v1/faults` lists them). */
export type { PendingFault } from "@chatbot/protocol/dev";

/** The faults that wait for calls: `http` answers instead of the route, `latency` answers later. */
export type CallFaultKind = PendingFault["kind"];

/**
 * The pending `http` and `latency` faults of the dev API (`POST /dev/v1/faults`), per app. A call
 * takes the oldest fault of each kind that matches its app, method and path; a fault is gone once
 * it has applied to `count` calls, or when they are cleared.
 */
export class FaultRegistry {
  #faults: PendingFault[] = [];

  /** Adds a fault with its id. */
  add(id: string, fault: Exclude<FaultBody, { kind: "close_gateway" }>): PendingFault {
    const pending: PendingFault = { ...fault, id, remaining: fault.count };
    this.#faults.push(pending);
    return pending;
  }

  /**
   * Takes one use of the oldest `kind` fault matching a `/v1` call of `appId` (`path` without the
   * query), or returns null.
   */
  take<K extends CallFaultKind>(
    kind: K,
    appId: string,
    method: HttpMethod | string,
    path: string,
  ): Extract<PendingFault, { kind: K }> | null {
    if (this.#faults.length === 0) return null;
    const index = this.#faults.findIndex(
      (f) =>
        f.kind === kind &&
        f.app_id === appId &&
        (f.method === undefined || f.method === method) &&
        (f.path_prefix === undefined || path.startsWith(f.path_prefix)),
    );
    const fault = this.#faults[index];
    if (!fault) return null;
    fault.remaining -= 1;
    if (fault.remaining <= 0) this.#faults.splice(index, 1);
    return fault as Extract<PendingFault, { kind: K }>;
  }

  /** Whether no fault is pending (the common case, checked on every call). */
  get empty(): boolean {
    return this.#faults.length === 0;
  }

  /** The pending faults, oldest first. */
  list(): readonly PendingFault[] {
    return this.#faults;
  }

  /** Drops every pending fault; returns how many there were. */
  clear(): number {
    const count = this.#faults.length;
    this.#faults = [];
    return count;
  }
}
