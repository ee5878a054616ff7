import type { PrometheusExporter } from "@opentelemetry/exporter-prometheus";
import type { MeterProvider } from "@opentelemetry/sdk-metrics";
import { FrameworkError } from "../errors.js";

/**
 * The OpenTelemetry SDK packages `/metrics` runs on. They are optional peer dependencies of the
 * framework, loaded only when metrics are asked for, so a bot that serves none installs neither.
 */
export const METRICS_PACKAGES = ["@opentelemetry/sdk-metrics", "@opentelemetry/exporter-prometheus"] as const;

/** What installs {@link METRICS_PACKAGES}. */
export const INSTALL_METRICS = `npm install ${METRICS_PACKAGES.join(" ")}`;

/** The SDK's pieces `/metrics` needs. */
export interface MetricsSdk {
  readonly MeterProvider: typeof MeterProvider;
  readonly PrometheusExporter: typeof PrometheusExporter;
}

/**
 * Loads the SDK's meter provider and Prometheus exporter. Answers null when either package is not
 * installed; throws any other failure to load them.
 */
export async function loadMetricsSdk(): Promise<MetricsSdk | null> {
  try {
    const [sdk, exporter] = await Promise.all([
      import("@opentelemetry/sdk-metrics"),
      import("@opentelemetry/exporter-prometheus"),
    ]);
    return { MeterProvider: sdk.MeterProvider, PrometheusExporter: exporter.PrometheusExporter };
  } catch (error) {
    if (isNotInstalled(error)) return null;
    throw error;
  }
}

function isNotInstalled(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  const message = error instanceof Error ? error.message : "";
  return (
    (code === "ERR_MODULE_NOT_FOUND" || code === "MODULE_NOT_FOUND") &&
    METRICS_PACKAGES.some((name) => message.includes(name))
  );
}

/** The error of `observe({ metrics: true })` when the SDK is not installed. */
export function metricsSdkMissing(): FrameworkError {
  return new FrameworkError(
    "missing_dependency",
    `observe: /metrics needs the OpenTelemetry SDK, which is not installed: ${INSTALL_METRICS} (or pass metrics: false)`,
  );
}
