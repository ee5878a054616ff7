import {
  type Attributes,
  context,
  type Counter,
  type Histogram,
  metrics,
  type Span,
  SpanKind,
  SpanStatusCode,
  trace,
  type Tracer,
} from "@opentelemetry/api";

/** The instrumentation scope of the framework's spans and metrics. */
export const TELEMETRY_SCOPE = "@chatbot/framework";

/**
 * The framework's spans and metrics, through `@opentelemetry/api` only: the application chooses
 * the SDK and its exporters (registered globally before the bot is made); without one, every call
 * here is the API's no-op. Instruments are made when the bot is, from the meter provider
 * registered then.
 */
export class BotTelemetry {
  readonly tracer: Tracer = trace.getTracer(TELEMETRY_SCOPE);
  readonly #interactions: Counter;
  readonly #firstCallback: Histogram;
  readonly #handlerErrors: Counter;
  /** Events received by type, counted here and read by the meter when it collects. */
  readonly #eventCounts = new Map<string, { count: number; attributes: Attributes }>();
  readonly #eventLag: Histogram;

  /** Whether each listener's run gets a span (`createBot({ telemetry: { eventSpans: true } })`). */
  readonly eventSpans: boolean;

  constructor(options: { eventSpans?: boolean } = {}) {
    this.eventSpans = options.eventSpans === true;
    const meter = metrics.getMeter(TELEMETRY_SCOPE);
    this.#interactions = meter.createCounter("chatbot.interactions", {
      description: "Interactions handled, by command and outcome (answered, thinking, expired, ...)",
    });
    this.#firstCallback = meter.createHistogram("chatbot.interaction.first_callback", {
      description: "Time from an interaction's delivery to the bot's first callback",
      unit: "ms",
      advice: { explicitBucketBoundaries: [5, 10, 25, 50, 100, 250, 500, 1_000, 2_000, 3_000] },
    });
    this.#handlerErrors = meter.createCounter("chatbot.handler.errors", {
      description: "Handlers that threw, by kind (command, event, job) and handler",
    });
    // An observable counter: an event costs a map increment, not an SDK call (events are the
    // framework's hottest path), and the meter reads the counts when it collects.
    meter
      .createObservableCounter("chatbot.events", { description: "Gateway events received, by type" })
      .addCallback((result) => {
        for (const { count, attributes } of this.#eventCounts.values()) result.observe(count, attributes);
      });
    this.#eventLag = meter.createHistogram("chatbot.event.lag", {
      description: "Time from a message's creation on the service to its event reaching the bot",
      unit: "ms",
      advice: { explicitBucketBoundaries: [1, 5, 10, 25, 50, 100, 250, 1_000, 5_000] },
    });
  }

  /** Runs `work` inside a span named `name` that ends when it does, recording what it threw. */
  async span<T>(name: string, attributes: Attributes, work: (span: Span) => Promise<T>): Promise<T> {
    const span = this.tracer.startSpan(name, { kind: SpanKind.INTERNAL, attributes });
    const run = async () => {
      try {
        return await work(span);
      } catch (error) {
        failed(span, error);
        throw error;
      } finally {
        span.end();
      }
    };
    // Without an SDK the span records nothing: no context to carry it, no cost beyond the call.
    if (!span.isRecording()) return run();
    return context.with(trace.setSpan(context.active(), span), run);
  }

  interaction(command: string, outcome: string, firstCallbackMs: number | null): void {
    this.#interactions.add(1, { "chatbot.command": command, "chatbot.outcome": outcome });
    if (firstCallbackMs !== null) this.#firstCallback.record(firstCallbackMs, { "chatbot.command": command });
  }

  handlerError(kind: "command" | "event" | "job", handler: string): void {
    this.#handlerErrors.add(1, { "chatbot.kind": kind, "chatbot.handler": handler });
  }

  event(name: string, lagMs: number | null): void {
    let counted = this.#eventCounts.get(name);
    if (!counted)
      this.#eventCounts.set(name, (counted = { count: 0, attributes: { "chatbot.event": name } }));
    counted.count += 1;
    if (lagMs !== null && lagMs >= 0) this.#eventLag.record(lagMs, counted.attributes);
  }
}

/** Marks `span` failed with `error` (its exception event and an error status). */
export function failed(span: Span, error: unknown): void {
  span.recordException(error instanceof Error ? error : new Error(String(error)));
  span.setStatus({
    code: SpanStatusCode.ERROR,
    message: error instanceof Error ? error.message : String(error),
  });
}
