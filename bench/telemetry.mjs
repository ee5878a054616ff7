// Telemetry benchmark (issue 25): the framework's dispatch time per event and the /ping
// use-to-answer p99 (bench/framework.mjs, measures 1 and 3), run twice in this run: with no
// OpenTelemetry SDK registered (the API's no-op) and with the SDK on (in-memory exporters for
// spans and metrics, an AsyncLocalStorage context manager). Target: at most 15 % more time per
// dispatch with the SDK on.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "./lib/processes.mjs";

const modes = ["none", "sdk"];
const results = {};
for (const mode of modes) {
  console.log(
    `\n-- bench/framework.mjs with ${mode === "none" ? "no OpenTelemetry SDK" : "the OpenTelemetry SDK on"}`,
  );
  const run = spawnSync(process.execPath, ["bench/framework.mjs"], {
    cwd: ROOT,
    stdio: "inherit",
    env: { ...process.env, BENCH_OTEL: mode, BENCH_STARTS: process.env.BENCH_STARTS ?? "2" },
  });
  if (run.status !== 0) throw new Error(`bench/framework.mjs (${mode}) failed`);
  results[mode] = JSON.parse(readFileSync(join(ROOT, `bench/results/framework-${mode}.json`), "utf8"));
}
const row = (mode) => ({
  otel: mode === "none" ? "no SDK" : "SDK on (in-memory)",
  dispatch_ns: Math.round(results[mode].events.framework),
  floor_ns: Math.round(results[mode].events.floor),
  overhead_ns: Math.round(results[mode].events.overhead),
  ping_p50_ms: +results[mode].trips.framework.p50.toFixed(2),
  ping_p99_ms: +results[mode].trips.framework.p99.toFixed(2),
});
console.table(modes.map(row));
const more = results.sdk.events.framework / results.none.events.framework - 1;
console.log(
  `dispatch with the SDK on: ${(more * 100).toFixed(1)} % more time per event (target <= 15 %); /ping p99 ${row("none").ping_p99_ms} ms without, ${row("sdk").ping_p99_ms} ms with`,
);
