import type { Redis } from "ioredis";
import { ACQUIRE_LEASE, defineScript, RELEASE_LEASE, RENEW_LEASE, type RedisScript } from "./scripts.js";

/**
 * A lease on a Redis key with a fencing token: at most one holder at a time, and each new holder
 * gets a greater token than every holder before it. The holder renews it well before it runs out;
 * a holder that stops renewing (killed, paused, cut off from Redis) loses it after `ttlMs`.
 */
export class RedisLease {
  readonly #key: string;
  readonly #fenceKey: string;
  readonly #holder: string;
  readonly #ttlMs: number;
  readonly #acquire: RedisScript;
  readonly #renew: RedisScript;
  readonly #release: RedisScript;
  #value: string | null = null;
  #fence = 0;

  constructor(redis: Redis, options: { key: string; fenceKey: string; holder: string; ttlMs: number }) {
    this.#key = options.key;
    this.#fenceKey = options.fenceKey;
    this.#holder = options.holder;
    this.#ttlMs = options.ttlMs;
    this.#acquire = defineScript(redis, "chatbotAcquireLease", 2, ACQUIRE_LEASE);
    this.#renew = defineScript(redis, "chatbotRenewLease", 1, RENEW_LEASE);
    this.#release = defineScript(redis, "chatbotReleaseLease", 1, RELEASE_LEASE);
  }

  /** The value the key holds while this holder has it (`<holder>:<fence>`), or null. */
  get value(): string | null {
    return this.#value;
  }

  /** This holder's fencing token (0 before the first acquire). */
  get fence(): number {
    return this.#fence;
  }

  /** Takes the lease if it is free; answers whether this holder has it now. */
  async acquire(): Promise<boolean> {
    const fence = Number(await this.#acquire([this.#key, this.#fenceKey], [this.#holder, this.#ttlMs]));
    if (fence === 0) return false;
    this.#fence = fence;
    this.#value = `${this.#holder}:${fence}`;
    return true;
  }

  /** Extends the lease; answers false (and forgets it) when another holder has it or it ran out. */
  async renew(): Promise<boolean> {
    if (this.#value === null) return false;
    const kept = Number(await this.#renew([this.#key], [this.#value, this.#ttlMs])) === 1;
    if (!kept) this.#value = null;
    return kept;
  }

  /**
   * Gives the lease up at once, so a standby need not wait for it to run out. With `hold` (a
   * {@link value} read earlier), only that hold: a newer one this holder took since stays.
   */
  async release(hold?: string | null): Promise<void> {
    const value = this.#value;
    if (hold !== undefined && hold !== value) return;
    this.#value = null;
    if (value !== null) await this.#release([this.#key], [value]);
  }
}
