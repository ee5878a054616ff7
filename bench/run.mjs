// Runs every benchmark in turn (each compares the project with a raw baseline in the same run).
// `npm run bench` builds first; `node bench/run.mjs rest` runs only the named ones.
import { spawnSync } from "node:child_process";
import { ROOT } from "./lib/processes.mjs";

const all = [
  "rest",
  "rest-client",
  "gateway",
  "gateway-client",
  "interactions",
  "webhooks",
  "testing-world",
  "framework",
  "cluster",
  "cluster-faults",
  "dev-reload",
  "console",
  "create",
  "state",
  "conversations",
  "catch-up",
  "telemetry",
  "scale",
  "explore",
];
const chosen = process.argv.length > 2 ? process.argv.slice(2) : all;
for (const name of chosen) {
  if (!all.includes(name)) throw new Error(`unknown benchmark "${name}"; known: ${all.join(", ")}`);
  console.log(`\n== bench/${name}.mjs`);
  const run = spawnSync(process.execPath, [`bench/${name}.mjs`], { cwd: ROOT, stdio: "inherit" });
  if (run.status !== 0) process.exitCode = 1;
}
