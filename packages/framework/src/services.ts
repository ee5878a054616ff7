import { type Clock as KitClock, type ClockTimer, SystemClock as KitSystemClock } from "@chatbot/kit";

/** A pending timer of a {@link Clock}. */
export type { ClockTimer };

/**
 * The bot's time source: the auto-defer margin, the interaction windows and cooldowns read it.
 * Injectable by this class. Tests hand the bot the test world's clock so that one `advance` moves
 * the service and the bot together; any object with `now()` and `setTimer()` fits (the toolkit's
 * one clock shape, `@chatbot/kit`'s `Clock`).
 */
export abstract class Clock implements KitClock {
  /** Unix milliseconds. */
  abstract now(): number;
  /** Runs `fn` once `delayMs` have passed on this clock. */
  abstract setTimer(delayMs: number, fn: () => void): ClockTimer;
}

/** The wall clock with Node's timers (unref'd: a pending auto-defer never keeps a process alive). */
export class SystemClock extends Clock {
  readonly #clock = new KitSystemClock({ keepAlive: false });

  now(): number {
    return this.#clock.now();
  }
  setTimer(delayMs: number, fn: () => void): ClockTimer {
    return this.#clock.setTimer(delayMs, fn);
  }
}

/** Levels of the {@link Logger}, most verbose first. */
export type LogLevel = "debug" | "info" | "warn" | "error";

/** Where the bot writes what it does. Injectable by this class; replace it with `createBot({ logger })`. */
export abstract class Logger {
  abstract log(level: LogLevel, message: string): void;
  debug(message: string): void {
    this.log("debug", message);
  }
  info(message: string): void {
    this.log("info", message);
  }
  warn(message: string): void {
    this.log("warn", message);
  }
  error(message: string, error?: unknown): void {
    this.log("error", error === undefined ? message : `${message}: ${describe(error)}`);
  }
  /**
   * A logger whose lines carry `fields` (the framework gives each interaction's context one with
   * its `interaction_id` and `command`). Loggers without fields of their own answer themselves.
   */
  child(_fields: Readonly<Record<string, string>>): Logger {
    return this;
  }
}

const ORDER: Record<LogLevel, number> = { debug: 0, info: 1, warn: 2, error: 3 };

/** Writes lines at `level` and above to standard error, each prefixed with the time and level. */
export class ConsoleLogger extends Logger {
  constructor(private readonly level: LogLevel | "silent" = "info") {
    super();
  }
  log(level: LogLevel, message: string): void {
    if (this.level === "silent" || ORDER[level] < ORDER[this.level]) return;
    process.stderr.write(`${new Date().toISOString()} ${level.padEnd(5)} ${message}\n`);
  }
}

/** A logger that keeps its lines in memory (`lines`), for tests and for tools that show them. */
export class MemoryLogger extends Logger {
  readonly lines: { level: LogLevel; message: string }[] = [];
  log(level: LogLevel, message: string): void {
    this.lines.push({ level, message });
  }
}

function describe(error: unknown): string {
  if (error instanceof Error) return error.stack ?? `${error.name}: ${error.message}`;
  return String(error);
}
