import {
  type Counter,
  type Histogram,
  metrics,
  type Span,
  SpanKind,
  SpanStatusCode,
  trace,
} from "@opentelemetry/api";
import type { RouteCall } from "./route-call.js";

/** The instrumentation scope of the REST client's spans and metrics. */
export const REST_TELEMETRY_SCOPE = "@chatbot/rest";

/** What one call went through, filled in while it runs. */
export interface CallStats {
  /** Milliseconds waited for rate limits (the client's, the shared ones, a 429's retry-after). */
  waitedMs: number;
  /** Attempts after the first (a 429 waited out, a network error, a 5xx). */
  retries: number;
  status: number | null;
  /** The call's span, for its events. */
  span?: Span;
}

/** A route with its ids taken out, so that metrics have few series: `/channels/{id}/messages`. */
export function routeOf(call: RouteCall): string {
  return call.path.replace(/\/\d+(?=\/|$)/g, "/{id}");
}

/**
 * The REST client's spans and metrics, through `@opentelemetry/api` only (a no-op without an SDK):
 * a span per call with its route, bucket, time waited for rate limits, retries and status; counts
 * of calls by route and status, of rate-limit waits and of 429s. Instruments are made from the
 * meter provider registered when the first call is made.
 */
export class RestTelemetry {
  readonly #tracer = trace.getTracer(REST_TELEMETRY_SCOPE);
  #instruments: { calls: Counter; waits: Histogram; refused: Counter } | null = null;

  #meters() {
    if (!this.#instruments) {
      const meter = metrics.getMeter(REST_TELEMETRY_SCOPE);
      this.#instruments = {
        calls: meter.createCounter("chatbot.rest.calls", {
          description: "REST calls, by route, method and status (0: no answer)",
        }),
        waits: meter.createHistogram("chatbot.rest.rate_limit_wait", {
          description: "Time calls waited for a rate limit before going out",
          unit: "ms",
          advice: { explicitBucketBoundaries: [1, 10, 50, 100, 250, 500, 1_000, 5_000, 10_000] },
        }),
        refused: meter.createCounter("chatbot.rest.rate_limited", {
          description: "429 answers, by route and whether the limit was the global one",
        }),
      };
    }
    return this.#instruments;
  }

  /** Runs `send` in a span for `call`; `stats` is what the call went through. */
  async call<T>(call: RouteCall, stats: CallStats, send: () => Promise<T>): Promise<T> {
    const route = routeOf(call);
    const attributes = {
      "http.request.method": call.method,
      "chatbot.route": route,
      ...(call.bucket !== undefined && { "chatbot.rest.bucket": call.bucket }),
    };
    return this.#tracer.startActiveSpan(
      `${call.method} ${route}`,
      { kind: SpanKind.CLIENT, attributes },
      async (span: Span) => {
        stats.span = span;
        try {
          return await send();
        } catch (error) {
          span.recordException(error instanceof Error ? error : new Error(String(error)));
          span.setStatus({
            code: SpanStatusCode.ERROR,
            message: error instanceof Error ? error.message : String(error),
          });
          throw error;
        } finally {
          span.setAttributes({
            "chatbot.rest.rate_limit_wait_ms": stats.waitedMs,
            "chatbot.rest.retries": stats.retries,
            ...(stats.status !== null && { "http.response.status_code": stats.status }),
          });
          span.end();
          const meters = this.#meters();
          meters.calls.add(1, {
            "chatbot.route": route,
            "http.request.method": call.method,
            "http.response.status_code": stats.status ?? 0,
          });
          if (stats.waitedMs > 0) meters.waits.record(stats.waitedMs, { "chatbot.route": route });
        }
      },
    );
  }

  /** A 429 answered `call`, to be waited out for `retryAfterMs`. */
  refused(call: RouteCall, stats: CallStats, global: boolean, retryAfterMs: number): void {
    this.#meters().refused.add(1, { "chatbot.route": routeOf(call), "chatbot.rest.global": global });
    stats.span?.addEvent("rate_limited", {
      "chatbot.rest.global": global,
      "chatbot.rest.retry_after_ms": retryAfterMs,
    });
  }
}
