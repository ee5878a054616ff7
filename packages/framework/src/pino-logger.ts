import { trace } from "@opentelemetry/api";
import { type DestinationStream, type Logger as Pino, pino } from "pino";
import { Logger, type LogLevel } from "./services.js";

/** Options of {@link PinoLogger}. */
export interface PinoLoggerOptions {
  /** The lowest level written (`info`); `silent` writes nothing. */
  readonly level?: LogLevel | "silent";
  /** Where the lines go: a pino destination (default standard error, written synchronously). */
  readonly destination?: DestinationStream;
}

/**
 * The default logger of `createBot`: JSON lines through [pino](https://getpino.io) on standard
 * error, one per message, each with `level`, `time`, `msg`; the logger of an interaction's context
 * (`ctx.logger`) adds its `interaction_id` and `command`, and every line carries the OpenTelemetry
 * `trace_id` and `span_id` of the active span when there is one. Give it a pino logger of yours to route the lines
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
    const span = trace.getActiveSpan()?.spanContext();
    if (span && span.traceId !== "00000000000000000000000000000000") {
      this.pino[level]({ trace_id: span.traceId, span_id: span.spanId }, message);
    } else {
      this.pino[level](message);
    }
  }

  override child(fields: Readonly<Record<string, string>>): PinoLogger {
    return new PinoLogger(this.pino.child(fields));
  }
}

function isPino(value: PinoLoggerOptions | Pino): value is Pino {
  return typeof (value as Pino).isLevelEnabled === "function";
}
