import type { WebSocket } from "ws";
import type { Clock, Timer } from "../kernel/clock.js";

/** The read-backlog rule of a gateway (its options, resolved). */
export interface BacklogRule {
  /** Unread bytes past which a bot must be seen reading (1 MB). */
  readonly limitBytes: number;
  /** How long a bot over the limit may go without taking a frame, on the server's clock (5 s). */
  readonly graceMs: number;
  /** Bytes written to the socket past which a bot is closed at once, reading or not (8 MB). */
  readonly capBytes: number;
}

/**
 * What one bot has not read yet, and the rule that closes a bot that does not read. The backlog is
 * what was written to the socket and the bot has not taken (ws's `bufferedAmount`), plus what the
 * server owes the bot and holds back until it reads (the rest of the connect burst). Over
 * `limitBytes` the bot must be seen reading: when a whole `graceMs` passes on the clock with the
 * backlog still over and no frame taken off the socket, `onStalled` runs (the session closes with
 * `4009`). A bot that reads, however slowly, is never closed for a backlog that passes the limit
 * for a while; what is written may never pass `capBytes`, which bounds the memory a bot can hold.
 */
export class ReadBacklog {
  readonly #ws: WebSocket;
  readonly #clock: Clock;
  readonly #rule: BacklogRule;
  readonly #onStalled: () => void;
  /** Called by ws when a frame has left for the kernel (or failed, the socket closing). */
  readonly #onFlushed = (error?: Error | null): void => {
    if (!error) this.#flushed();
  };
  #owed = 0;
  /** Frames taken off the socket so far; compared when the grace period ends. */
  #flushes = 0;
  #flushesAtArming = 0;
  #timer: Timer | null = null;
  #waiter: { readonly bytes: number; readonly resolve: () => void } | null = null;
  #stopped = false;

  constructor(ws: WebSocket, clock: Clock, rule: BacklogRule, onStalled: () => void) {
    this.#ws = ws;
    this.#clock = clock;
    this.#rule = rule;
    this.#onStalled = onStalled;
  }

  /** Bytes written to the socket and not yet taken by the bot. */
  get written(): number {
    return this.#ws.bufferedAmount;
  }

  /** Writes one text frame, then applies the rule. */
  write(text: string): void {
    this.#ws.send(text, this.#onFlushed);
    this.#check();
  }

  /** Sets how many bytes the server holds back for the bot (counted in the backlog), then applies the rule. */
  owe(bytes: number): void {
    this.#owed = bytes;
    this.#check();
  }

  /** Resolves once at most `bytes` written are unread (at once when so already), or when stopped. */
  whenWrittenAtMost(bytes: number): Promise<void> {
    if (this.#stopped || this.written <= bytes) return Promise.resolve();
    this.#waiter?.resolve();
    return new Promise((resolve) => {
      this.#waiter = { bytes, resolve };
    });
  }

  /** Stops the rule and lets a waiter go (the socket is closing). */
  stop(): void {
    this.#stopped = true;
    this.#timer?.cancel();
    this.#timer = null;
    this.#waiter?.resolve();
    this.#waiter = null;
  }

  #check(): void {
    if (this.#stopped) return;
    const written = this.written;
    if (written > this.#rule.capBytes) this.#stall();
    else if (this.#timer === null && written + this.#owed > this.#rule.limitBytes) this.#arm();
  }

  #arm(): void {
    this.#flushesAtArming = this.#flushes;
    this.#timer = this.#clock.setTimer(this.#rule.graceMs, () => this.#graceEnded());
  }

  #graceEnded(): void {
    this.#timer = null;
    if (this.#stopped || this.written + this.#owed <= this.#rule.limitBytes) return;
    if (this.#flushes === this.#flushesAtArming) this.#stall();
    else this.#arm();
  }

  #stall(): void {
    this.stop();
    this.#onStalled();
  }

  #flushed(): void {
    this.#flushes += 1;
    const written = this.written;
    if (this.#timer && written + this.#owed <= this.#rule.limitBytes) {
      this.#timer.cancel();
      this.#timer = null;
    }
    const waiter = this.#waiter;
    if (waiter && written <= waiter.bytes) {
      this.#waiter = null;
      waiter.resolve();
    }
  }
}
