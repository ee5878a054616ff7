import type { Logger } from "@chatbot/framework";
import type { Redis } from "ioredis";

/**
 * Notices that Redis lost data: every process adds one to a counter kept in Redis at each of its
 * heartbeats and remembers the greatest number it got. A Redis restarted empty, or from a snapshot
 * older than that, answers a number no greater: the process says so at `error` once, and its role
 * starts over from a defined state (the gateway competes for the connection again and reads back
 * what was missed from the cursors Redis still has; a worker lets every partition go and takes its
 * share again under new fencing tokens).
 */
export class RedisGeneration {
  readonly #redis: Redis;
  readonly #key: string;
  readonly #logger: Logger;
  readonly #who: string;
  #greatest = 0;

  constructor(redis: Redis, key: string, logger: Logger, who: string) {
    this.#redis = redis;
    this.#key = key;
    this.#logger = logger;
    this.#who = who;
  }

  /** Counts one heartbeat; answers whether Redis went back since the last one (logged at `error`). */
  async lost(): Promise<boolean> {
    const now = Number(await this.#redis.incr(this.#key));
    const before = this.#greatest;
    this.#greatest = now;
    if (before === 0 || now > before) return false;
    this.#logger.error(
      `cluster: ${this.#who}: Redis lost data (its generation went back from ${before} to ${now}: restarted empty or from an older snapshot); starting over from what it still holds`,
    );
    return true;
  }
}
