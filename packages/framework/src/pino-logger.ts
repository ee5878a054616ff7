import { AsyncLocalStorage } from "node:async_hooks";
import { trace } from "@opentelemetry/api";
import { type DestinationStream, type Logger as Pino, pino } from "pino";
import { Logger, type LogLevel } from "./services.js";

/** What the framework is handling now, for the fields of each log line. */
export interface LogScope {
  readonly interactionId?: string;
  readonly command?: string;
  readonly event?: string;
  readonly job?: string;
}

/** The scope of the handler running now: set by the bot around each interaction, event and job. */
export const logScope = new AsyncLocalStorage<LogScope>();

/** Options of {@link PinoLogger}. */
export interface PinoLoggerOptions {
  /** The lowest level written (`info`); `silent` writes nothing. */
  readonly level?: LogLevel | "silent";
  /** Where the lines go: a pino destination (default standard error, written synchronously). */
  readonly destination?: DestinationStream;
}

/**
 * The default logger of `createBot`: JSON lines through [pino](https://getpino.io) on standard
 * error, one per message, each with `level`, `time`, `msg`, and where there is one the
 * `interaction_id` and `command` (or `event`, `job`) being handled and the OpenTelemetry
 * `trace_id` and `span_id` of the active span. Give it a pino logger of yours to route the lines
 * elsewhere (`new PinoLogger(pino(...))`).
 */
export class PinoLogger extends Logger {
  readonly pino: Pino;

  constructor(options: PinoLoggerOptions | Pino = {}) {
    super();
    if (isPino(options)) {
      this.pino = options;
    } else {
      const destination = options.destination ?? pino.destination({ dest: 2, sync: true });
      this.pino = pino({ level: options.level ?? "info", base: null }, destination);
    }
  }

  log(level: LogLevel, message: string): void {
    if (!this.pino.isLevelEnabled(level)) return;
    const scope = logScope.getStore();
    const span = trace.getActiveSpan()?.spanContext();
    const fields: Record<string, string> = {};
    if (scope?.interactionId !== undefined) fields.interaction_id = scope.interactionId;
    if (scope?.command !== undefined) fields.command = scope.command;
    if (scope?.event !== undefined) fields.event = scope.event;
    if (scope?.job !== undefined) fields.job = scope.job;
    if (span && span.traceId !== "00000000000000000000000000000000") {
      fields.trace_id = span.traceId;
      fields.span_id = span.spanId;
    }
    this.pino[level](fields, message);
  }
}

function isPino(value: PinoLoggerOptions | Pino): value is Pino {
  return typeof (value as Pino).isLevelEnabled === "function";
}
