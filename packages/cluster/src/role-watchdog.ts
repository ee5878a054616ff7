import type { Logger } from "@chatbot/framework";

/** A loop of a role the watchdog watches: when it last ended a turn, and how long a turn may take. */
export interface WatchedLoop {
  readonly name: string;
  lastEndedAt(): number;
  readonly limitMs: number;
}

/**
 * Watches the loops of a node's roles (the gateway's lease checks, the worker's heartbeat and read
 * loop). Every Redis call ends within the command timeout, answered or not, so a loop that has not
 * ended a turn for longer than its limit is stuck (a bug, not a fault of Redis): the watchdog says so
 * at `error`, once, and {@link stuckReason} names it until the loop moves again, which `/healthz`
 * answers with 503 so that an orchestrator restarts the process.
 */
export class RoleWatchdog {
  readonly #loops: readonly WatchedLoop[];
  readonly #logger: Logger;
  readonly #nodeId: string;
  readonly #timer: NodeJS.Timeout;
  #stuck: string | null = null;

  constructor(loops: readonly WatchedLoop[], logger: Logger, nodeId: string, everyMs = 1_000) {
    this.#loops = loops;
    this.#logger = logger;
    this.#nodeId = nodeId;
    this.#timer = setInterval(() => this.check(), everyMs);
    this.#timer.unref();
  }

  /** Why the node is stuck (a loop that stopped turning), or null. */
  get stuckReason(): string | null {
    return this.#stuck;
  }

  /** Looks at every loop now (the timer does it every second). */
  check(now = Date.now()): void {
    let found: string | null = null;
    for (const loop of this.#loops) {
      const since = now - loop.lastEndedAt();
      if (since > loop.limitMs) {
        found = `the ${loop.name} has not moved for ${since} ms (stuck; its limit is ${loop.limitMs} ms)`;
        break;
      }
    }
    if (found !== null && this.#stuck === null) {
      this.#logger.error(
        `cluster: node ${this.#nodeId}: watchdog: ${found}; /healthz answers 503 so that the process is restarted`,
      );
    } else if (found === null && this.#stuck !== null) {
      this.#logger.info(`cluster: node ${this.#nodeId}: watchdog: every loop moves again`);
    }
    this.#stuck = found;
  }

  stop(): void {
    clearInterval(this.#timer);
  }
}
