import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { metrics } from "@opentelemetry/api";
import type { PrometheusExporter } from "@opentelemetry/exporter-prometheus";
import type { MeterProvider } from "@opentelemetry/sdk-metrics";
import { FrameworkError } from "../errors.js";
import type { Logger } from "../services.js";
import type { Bot } from "./bot.js";
import { INSTALL_METRICS, loadMetricsSdk, metricsSdkMissing } from "./telemetry-sdk.js";

/** Options of {@link observe}: where the health checks and the metrics are served. */
export interface ObserveOptions {
  /** The port, 0 to 65535 (0 picks a free one). */
  readonly port: number;
  /** The address to listen on (default `127.0.0.1`; `0.0.0.0` for a container's probes). */
  readonly host?: string;
  /**
   * Serve `/metrics` in Prometheus's text format: a meter provider of the OpenTelemetry SDK with a
   * Prometheus reader is registered globally, unless the application registered its own, which
   * then has the metrics (and `/metrics` answers 404). The SDK is two optional packages,
   * `@opentelemetry/sdk-metrics` and `@opentelemetry/exporter-prometheus`: by default `/metrics` is
   * served when they are installed, and a warning names them when not; `true` throws a
   * `FrameworkError` (`missing_dependency`) without them; `false` serves no metrics.
   */
  readonly metrics?: boolean;
}

/** The running health and metrics server. */
export interface ObserveServer {
  /** `http://host:port`. */
  readonly url: string;
  close(): Promise<void>;
}

/**
 * A process to observe that is not one bot: `@chatbot/cluster`'s node is one. It says why it is not
 * ready (null when it is) and where to log.
 */
export interface Observed {
  readonly logger: Logger;
  notReadyReason(): string | null;
  /** Why it is stuck and should be restarted (`/healthz` answers 503), or null while it is alive. */
  notAliveReason?(): string | null;
  /** Makes its instruments again on the meter provider `/metrics` just registered. */
  refreshTelemetry?(): void;
}

/** Why the bot is not ready, or null when it is. */
export function notReadyReason(bot: Bot): string | null {
  if (bot.state !== "running") return `the bot is ${bot.state}`;
  if (!bot.commandsSynced) return "the commands are not in sync yet";
  if (!bot.connected) return `the gateway connection is ${bot.gateway.state}`;
  return null;
}

/**
 * Serves, for an orchestrator and Prometheus: `GET /healthz` (200 while the process answers),
 * `GET /readyz` (200 once the bot is running, connected and its commands in sync, or once an
 * {@link Observed} process says so; 503 with the reason otherwise) and `GET /metrics` (the
 * framework's metrics, see `docs/deploying.md`). Call it before `bot.start()`, or pass `observe` to
 * `runBot`.
 */
export async function observe(target: Bot | Observed, options: ObserveOptions): Promise<ObserveServer> {
  const bot = "commandsSynced" in target ? target : null;
  const reasonNotReady = bot ? () => notReadyReason(bot) : () => (target as Observed).notReadyReason();
  const port = options?.port;
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new FrameworkError(
      "bad_option",
      `observe: port must be a whole number from 0 to 65535, got ${String(port)}`,
    );
  }
  const host = options.host ?? "127.0.0.1";
  let exporter: PrometheusExporter | null = null;
  let provider: MeterProvider | null = null;
  const sdk = options.metrics === false ? null : await loadMetricsSdk();
  if (!sdk && options.metrics === true) throw metricsSdkMissing();
  const sdkMissing = !sdk && options.metrics !== false;
  if (sdkMissing) {
    target.logger.warn(
      `observe: /metrics is off: the OpenTelemetry SDK is not installed (${INSTALL_METRICS})`,
    );
  }
  if (sdk) {
    exporter = new sdk.PrometheusExporter({ preventServerStart: true });
    provider = new sdk.MeterProvider({ readers: [exporter] });
    if (metrics.setGlobalMeterProvider(provider)) {
      target.refreshTelemetry?.();
    } else {
      target.logger.warn(
        "observe: the application registered its own meter provider; /metrics is not served",
      );
      await provider.shutdown();
      exporter = null;
      provider = null;
    }
  }
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? "/").split("?")[0];
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    };
    if (req.method !== "GET" && req.method !== "HEAD") return json(405, { error: "only GET" });
    if (path === "/healthz") {
      const stuck = bot ? null : ((target as Observed).notAliveReason?.() ?? null);
      return stuck === null ? json(200, { status: "alive" }) : json(503, { status: "stuck", reason: stuck });
    }
    if (path === "/readyz") {
      const reason = reasonNotReady();
      return reason === null ? json(200, { status: "ready" }) : json(503, { status: "not ready", reason });
    }
    if (path === "/metrics" && exporter) return exporter.getMetricsRequestHandler(req, res);
    if (path === "/metrics" && sdkMissing) {
      return json(404, {
        error: `/metrics is off: the OpenTelemetry SDK is not installed (${INSTALL_METRICS})`,
      });
    }
    return json(404, { error: `no ${path}; there are /healthz, /readyz${exporter ? " and /metrics" : ""}` });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  return {
    url: `http://${host.includes(":") ? `[${host}]` : host}:${address.port}`,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      if (provider) {
        await provider.shutdown();
        metrics.disable();
      }
    },
  };
}
