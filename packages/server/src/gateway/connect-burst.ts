/**
 * Sends one server's `GUILD_CREATE`, built from the world as it is now; answers the characters sent
 * (0 when nothing went out: the connection closed).
 */
export type IntroduceGuild = (guildId: string) => number;

/** What the burst waits on: the bot's socket. */
export interface BurstSocket {
  readonly open: boolean;
  /** Resolves once at most `bytes` written to the socket are unread, or the socket closes. */
  whenUnreadAtMost(bytes: number): Promise<void>;
  /** Tells the read backlog how many bytes the burst still owes the bot. */
  owe(bytes: number): void;
  /** Runs `write` with the socket corked: the frames it writes leave in one system call. */
  writeTogether(write: () => void): void;
}

/** Pacing of a burst: each turn builds and writes at most this much, then lets other work run. */
const CHUNK_CHARS = 256 * 1024;
/** ... or for at most this long (real time: it is the event loop's time that is shared). */
const CHUNK_MS = 6;
/** A turn starts only once the bot has at most this much unread on the socket. */
const LOW_WATER_BYTES = 256 * 1024;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The `GUILD_CREATE`s that follow `READY`, one per server listed in it, sent in turns: each turn
 * builds about 256 KiB (or 6 ms of work) and writes it in one system call, then yields to the event
 * loop so other requests are served, and the next turn starts only once the bot has read all but
 * 256 KiB of what was written. Each payload is built when it goes out, so it is the server as it is then. A server
 * can go out of turn ({@link take}): when an event of it is about to be sent, its `GUILD_CREATE`
 * goes first. What the burst still owes counts in the bot's read backlog (estimated at the average
 * size of those sent), so a bot that stops reading during the burst is closed like any other.
 */
export class ConnectBurst {
  readonly #pending: Set<string>;
  readonly #introduce: IntroduceGuild;
  readonly #socket: BurstSocket;
  #sentChars = 0;
  #sentCount = 0;

  constructor(guildIds: readonly string[], introduce: IntroduceGuild, socket: BurstSocket) {
    this.#pending = new Set(guildIds);
    this.#introduce = introduce;
    this.#socket = socket;
  }

  /** Whether the `GUILD_CREATE` of `guildId` is still to come. */
  has(guildId: string): boolean {
    return this.#pending.has(guildId);
  }

  /** Takes `guildId` off the list (it goes out now, or the app left it); `false` when it was not on it. */
  take(guildId: string): boolean {
    return this.#pending.delete(guildId);
  }

  /** Sends every `GUILD_CREATE` still to come; resolves when none is left or the socket closed. */
  async run(): Promise<void> {
    try {
      while (this.#pending.size > 0 && this.#socket.open) {
        await this.#socket.whenUnreadAtMost(LOW_WATER_BYTES);
        await nextTurn();
        this.#socket.writeTogether(() => this.#turn());
      }
    } finally {
      this.#socket.owe(0);
    }
  }

  #turn(): void {
    const started = performance.now();
    let chars = 0;
    for (const guildId of this.#pending) {
      if (!this.#socket.open) return;
      this.#pending.delete(guildId);
      const sent = this.#introduce(guildId);
      chars += sent;
      this.#sentChars += sent;
      this.#sentCount += 1;
      if (chars >= CHUNK_CHARS || performance.now() - started >= CHUNK_MS) break;
    }
    this.#socket.owe(Math.round((this.#pending.size * this.#sentChars) / this.#sentCount));
  }
}
