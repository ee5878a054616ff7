import { randomUUID } from "node:crypto";
import { backoffDelay, type BackoffPolicy } from "@chatbot/kit";
import { FrameworkError } from "../errors.js";
import type { Clock, ClockTimer, Logger } from "../services.js";
import { checkKey, type JobRecord, type StateStore, toJson } from "./state-store.js";

/** What a job's handler is told besides the payload. */
export interface JobInfo {
  readonly id: string;
  /** The key it was scheduled with, if any. */
  readonly key: string | null;
  readonly name: string;
  /** When it was due (Unix milliseconds on the bot's clock). */
  readonly dueAt: number;
  /** It came due while the bot was not running (before this start), and runs late. */
  readonly late: boolean;
  /** 1 the first time; more when it runs again after a failure or a crash. */
  readonly attempt: number;
  /**
   * Whether a handler may have run this job before: it runs again after a failure, or after the
   * process that had it claimed stopped (`attempt` above 1). Make such a job idempotent.
   */
  readonly redelivered: boolean;
}

/** A job waiting in the store. */
export interface ScheduledJob<P = unknown> {
  readonly id: string;
  readonly key: string | null;
  readonly name: string;
  readonly dueAt: number;
  readonly payload: P;
}

/** When a job is due: a `Date`, Unix milliseconds, or `{ afterMs }` from now on the bot's clock. */
export type ScheduleWhen = Date | number | { readonly afterMs: number };

/** Attempts of a job whose handler throws, before it is given up (logged as an error). */
export const MAX_ATTEMPTS = 5;

/** A failed job runs again after 1 s, then 2, 4 and 8 s. */
const RETRY_BACKOFF: BackoffPolicy = { initialDelayMs: 1_000 };
/** How many due jobs one turn claims. */
const BATCH = 100;

/**
 * The bot's durable scheduler: `schedule(when, name, payload, { key })` keeps a job in the bot's
 * {@link StateStore}, and when it comes due on the bot's clock, the `@OnSchedule(name)` handler runs
 * with its payload. Jobs survive reloads and restarts with the store: one that came due while the
 * bot was down runs when it starts (`job.late`), and one whose handler was running when the process
 * died runs again (at least once). A handler that throws runs again after 1, 2, 4 and 8 seconds,
 * then the job is given up. Injectable by this class; `createBot` makes one per bot.
 */
export class Scheduler {
  #timer: ClockTimer | null = null;
  #armedAt: number | null = null;
  #started = false;
  #startedAt = 0;
  #turn: Promise<void> | null = null;
  #again = false;
  /** When to ask a store that failed again. */
  #retryAt: number | null = null;

  constructor(
    private readonly store: StateStore,
    private readonly clock: Clock,
    private readonly logger: Logger,
    /** The names that have a handler. */
    private readonly names: ReadonlySet<string>,
    /** Runs a job's handler; resolves when it ended, rejects with what it threw. */
    private readonly run: (name: string, payload: unknown, job: JobInfo) => Promise<void>,
  ) {}

  /**
   * Keeps a job named `name` (an `@OnSchedule(name)` handler must exist) due at `when`, with a JSON
   * `payload`. A job scheduled with the `key` of another replaces it (`key: "poll-close:42"`);
   * {@link cancel} removes it by key. Resolves once the job is in the store.
   */
  async schedule<P>(
    when: ScheduleWhen,
    name: string,
    payload: P,
    options: { readonly key?: string } = {},
  ): Promise<ScheduledJob<P>> {
    if (!this.names.has(name)) {
      // The framework's own jobs (a conversation's timeout, `chatbot:...`) are not the bot's to name.
      const own = [...this.names].filter((n) => !n.startsWith("chatbot:"));
      const known = own.map((n) => `"${n}"`).join(", ") || "none";
      throw new FrameworkError(
        "unknown_job",
        `schedule(): no @OnSchedule("${name}") handler in the bot's listeners (it has: ${known})`,
      );
    }
    const dueAt = this.#dueAt(when);
    if (options.key !== undefined) checkKey(options.key);
    const job = {
      id: randomUUID(),
      key: options.key ?? null,
      name,
      dueAt,
      payload: toJson(`job ${name}`, payload),
    };
    await this.store.jobs.add(job);
    if (this.#started) this.#arm(dueAt);
    return { id: job.id, key: job.key, name, dueAt, payload };
  }

  /** Removes the job scheduled with `key`; answers whether there was one. */
  cancel(key: string): Promise<boolean> {
    checkKey(key);
    return this.store.jobs.cancel(key);
  }

  /** The jobs waiting (not running now), soonest first. */
  async list(): Promise<ScheduledJob[]> {
    return (await this.store.jobs.list()).map((job) => ({
      id: job.id,
      key: job.key,
      name: job.name,
      dueAt: job.dueAt,
      payload: JSON.parse(job.payload) as unknown,
    }));
  }

  #dueAt(when: ScheduleWhen): number {
    const at =
      when instanceof Date
        ? when.getTime()
        : typeof when === "number"
          ? when
          : typeof when === "object" && when !== null && typeof when.afterMs === "number" && when.afterMs >= 0
            ? this.clock.now() + when.afterMs
            : Number.NaN;
    if (!Number.isFinite(at)) {
      throw new FrameworkError(
        "bad_when",
        `schedule(): when must be a Date, Unix milliseconds, or { afterMs } of 0 or more, got ${String(when instanceof Date ? "an invalid Date" : JSON.stringify(when))}`,
      );
    }
    return at;
  }

  /**
   * Starts firing: jobs a process that died had claimed run again, jobs already due run now
   * (marked late), and the next due one is waited for on the bot's clock.
   */
  async start(): Promise<void> {
    const released = await this.store.jobs.releaseClaims(this.clock.now());
    if (released > 0) {
      this.logger.info(
        `scheduler: ${released} job(s) were running when the bot last stopped; they run again`,
      );
    }
    this.#startedAt = this.clock.now();
    this.#started = true;
    await this.#tick();
  }

  /** Stops firing; resolves once the jobs running now have ended. */
  async stop(): Promise<void> {
    this.#started = false;
    this.#timer?.cancel();
    this.#timer = null;
    this.#armedAt = null;
    await this.#turn;
  }

  #arm(at: number): void {
    if (!this.#started || (this.#armedAt !== null && this.#armedAt <= at)) return;
    this.#timer?.cancel();
    this.#armedAt = at;
    this.#timer = this.clock.setTimer(Math.max(0, at - this.clock.now()), () => {
      this.#timer = null;
      this.#armedAt = null;
      void this.#tick();
    });
  }

  /** Runs what is due, then waits for the next. One turn at a time; a call meanwhile runs another. */
  #tick(): Promise<void> {
    if (this.#turn) {
      this.#again = true;
      return this.#turn;
    }
    this.#turn = (async () => {
      try {
        for (;;) {
          let claimedAt = this.clock.now();
          do {
            this.#again = false;
            for (;;) {
              if (!this.#started) return;
              claimedAt = this.clock.now();
              const due = await this.store.jobs.claimDue(claimedAt, BATCH);
              if (due.length === 0) break;
              await Promise.all(due.map((job) => this.#runJob(job)));
            }
          } while (this.#again);
          const next = await this.store.jobs.nextDueAt();
          const poll = this.store.jobs.pollMs;
          const at = poll === undefined ? next : Math.min(next ?? Infinity, this.clock.now() + poll);
          if (at === null) break;
          // The clock moved while the store answered (a test's advance() passed the next job while
          // an earlier timer found nothing due): run it in this turn, as a timer set for "now"
          // would fire only when the clock moves again. Only once the clock has moved, so a job
          // the store will not hand over yet is waited for, not asked for in a loop.
          if (at <= this.clock.now() && this.clock.now() > claimedAt) continue;
          this.#arm(at);
          break;
        }
      } catch (error) {
        // A store that failed (a Redis away or stalled) is asked again: nothing else would wake the
        // scheduler up, and the jobs due meanwhile would wait for the next schedule() or start.
        const retryMs = this.store.jobs.pollMs ?? 1_000;
        this.logger.error(`scheduler: the store failed; trying again in ${retryMs} ms`, error);
        this.#retryAt = this.clock.now() + retryMs;
      } finally {
        this.#turn = null;
        const retryAt = this.#retryAt;
        this.#retryAt = null;
        if (retryAt !== null) this.#arm(retryAt);
      }
    })();
    return this.#turn;
  }

  async #runJob(job: JobRecord): Promise<void> {
    const info: JobInfo = {
      id: job.id,
      key: job.key,
      name: job.name,
      dueAt: job.dueAt,
      late: job.dueAt < this.#startedAt,
      attempt: job.attempts,
      redelivered: job.attempts > 1,
    };
    try {
      await this.run(job.name, JSON.parse(job.payload) as unknown, info);
      await this.store.jobs.complete(job.id);
    } catch (error) {
      if (job.attempts >= MAX_ATTEMPTS) {
        this.logger.error(
          `job ${job.name} (${job.key ?? job.id}) failed ${job.attempts} times; given up`,
          error,
        );
        await this.store.jobs.complete(job.id);
        return;
      }
      const waitMs = backoffDelay(RETRY_BACKOFF, job.attempts);
      this.logger.warn(
        `job ${job.name} (${job.key ?? job.id}) failed (attempt ${job.attempts} of ${MAX_ATTEMPTS}); again in ${waitMs} ms: ${error instanceof Error ? error.message : String(error)}`,
      );
      await this.store.jobs.retry(job.id, this.clock.now() + waitMs);
    }
  }
}
