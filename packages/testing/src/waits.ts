import type { ServerObserver } from "@chatbot/server";
import type { Diagnostics } from "./diagnostics.js";
import { WaitTimeoutError, WorldClosedError } from "./errors.js";

/** What a wait needs: a check, a description for the error, and what happened meanwhile. */
export interface WaitSpec<T> {
  /** Answers the value waited for, or `undefined` while it has not come. */
  readonly check: () => T | undefined;
  /** What is waited for, for the error ("a message in #general from bot"). */
  readonly waitedFor: string;
  /** What happened meanwhile, one line each, for the error. */
  readonly seen: () => readonly string[];
  readonly timeoutMs: number;
  /** Also check every `pollMs` of real time, for states that no world change announces. */
  readonly pollMs?: number;
}

interface Waiter {
  recheck(): void;
  abort(): void;
}

/**
 * Waits bounded in real time, woken by the world's own commits: every committed change of the
 * server re-runs the pending checks, so nothing sleeps and nothing polls the HTTP API.
 */
export class Waits {
  private readonly waiters = new Set<Waiter>();
  private closed = false;

  constructor(
    observe: ServerObserver,
    private readonly diagnostics: Diagnostics | null = null,
  ) {
    observe.afterCommit(() => this.recheck());
  }

  /** Re-runs every pending check (after a commit, or after the clock moved). */
  recheck(): void {
    for (const waiter of [...this.waiters]) waiter.recheck();
  }

  /** Resolves with the first value `check` answers; rejects with {@link WaitTimeoutError} after `timeoutMs`. */
  until<T>(spec: WaitSpec<T>): Promise<T> {
    if (this.closed) return Promise.reject(new WorldClosedError(spec.waitedFor));
    let failure: unknown;
    try {
      const now = spec.check();
      if (now !== undefined) return Promise.resolve(now);
    } catch (error) {
      failure = error;
    }
    if (failure !== undefined) return Promise.reject(failure);
    const mark = this.diagnostics?.mark() ?? 0;
    return new Promise<T>((resolve, reject) => {
      const finish = () => {
        clearTimeout(timer);
        if (poll) clearInterval(poll);
        this.waiters.delete(waiter);
      };
      const waiter: Waiter = {
        recheck: () => {
          try {
            const value = spec.check();
            if (value === undefined) return;
            finish();
            resolve(value);
          } catch (error) {
            finish();
            reject(error);
          }
        },
        abort: () => {
          finish();
          reject(new WorldClosedError(spec.waitedFor));
        },
      };
      const timer = setTimeout(() => {
        finish();
        // What the service refused the bot and what the bot threw meanwhile: the likely reasons.
        const why = this.diagnostics?.since(mark) ?? [];
        reject(new WaitTimeoutError(spec.waitedFor, spec.timeoutMs, [...spec.seen(), ...why]));
      }, spec.timeoutMs);
      const poll = spec.pollMs === undefined ? undefined : setInterval(() => waiter.recheck(), spec.pollMs);
      this.waiters.add(waiter);
    });
  }

  /** Rejects every pending wait with {@link WorldClosedError}; later waits reject at once. */
  close(): void {
    this.closed = true;
    for (const waiter of [...this.waiters]) waiter.abort();
  }
}
