import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";

// The OpenTelemetry SDK is an optional peer dependency: a bot without it still serves /healthz and
// /readyz, and what to install for /metrics is said where a person looks (the log, the answer, the
// error). A real process on the built packages, where the two packages cannot be resolved.
const MAIN = fileURLToPath(new URL("./fixtures/observe-without-sdk.mjs", import.meta.url));
const INSTALL = "npm install @opentelemetry/sdk-metrics @opentelemetry/exporter-prometheus";

it("observe() without the OpenTelemetry SDK serves health, names the packages, and refuses metrics: true", () => {
  const run = spawnSync(process.execPath, [MAIN], { encoding: "utf8", timeout: 30_000 });
  expect(run.status, run.stderr).toBe(0);
  const seen = JSON.parse(run.stdout);
  expect(seen.healthz).toBe(200);
  expect(seen.warnings).toEqual([
    `observe: /metrics is off: the OpenTelemetry SDK is not installed (${INSTALL})`,
  ]);
  expect(seen.metrics).toEqual({
    status: 404,
    body: { error: `/metrics is off: the OpenTelemetry SDK is not installed (${INSTALL})` },
  });
  expect(seen.warningsWithMetricsOff).toBe(0);
  expect(seen.required).toEqual({
    name: "FrameworkError",
    code: "missing_dependency",
    message: `observe: /metrics needs the OpenTelemetry SDK, which is not installed: ${INSTALL} (or pass metrics: false)`,
  });
});
