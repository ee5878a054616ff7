import { type Counter, metrics, type Span, trace } from "@opentelemetry/api";
import type { GatewayClientEvents } from "./gateway-events.js";
import type { TypedEmitter } from "./typed-emitter.js";

/** The instrumentation scope of the gateway client's spans and metrics. */
export const GATEWAY_TELEMETRY_SCOPE = "@chatbot/gateway";

/**
 * Reports a gateway client's drops through `@opentelemetry/api` (a no-op without an SDK): a span
 * `gateway reconnect` from each drop to the next `READY`, with an event per close (code, reason,
 * wait, attempt) and the `READY`; a span `gateway recovery` per recovery with the messages read
 * back; counts of reconnects by close code and of recovered messages.
 */
export function traceGateway(gateway: TypedEmitter<GatewayClientEvents>): void {
  const tracer = trace.getTracer(GATEWAY_TELEMETRY_SCOPE);
  let meters: { reconnects: Counter; recovered: Counter } | null = null;
  const meter = () => {
    if (!meters) {
      const m = metrics.getMeter(GATEWAY_TELEMETRY_SCOPE);
      meters = {
        reconnects: m.createCounter("chatbot.gateway.reconnects", {
          description: "Connections dropped and made again, by close code",
        }),
        recovered: m.createCounter("chatbot.gateway.recovered_messages", {
          description: "Messages missed during a drop and read back over REST",
        }),
      };
    }
    return meters;
  };
  let open: Span | null = null;
  gateway.on("reconnecting", ({ code, reason, waitMs, attempt }) => {
    meter().reconnects.add(1, { "chatbot.gateway.close_code": code });
    open ??= tracer.startSpan("gateway reconnect", { attributes: { "chatbot.gateway.close_code": code } });
    open.addEvent("closed", {
      "chatbot.gateway.close_code": code,
      "chatbot.gateway.close_reason": reason,
      "chatbot.gateway.wait_ms": waitMs,
      "chatbot.gateway.attempt": attempt,
    });
  });
  gateway.on("ready", ({ reconnected, tookMs, guilds }) => {
    if (!reconnected || !open) return;
    open.addEvent("ready", { "chatbot.gateway.took_ms": tookMs, "chatbot.gateway.guilds": guilds });
    open.end();
    open = null;
  });
  gateway.on("recovered", ({ count, tookMs }) => {
    meter().recovered.add(count);
    tracer
      .startSpan("gateway recovery", {
        attributes: { "chatbot.gateway.recovered": count, "chatbot.gateway.took_ms": tookMs },
      })
      .end();
  });
  gateway.on("stopped", () => {
    open?.end();
    open = null;
  });
}
