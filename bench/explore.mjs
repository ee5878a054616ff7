// Exploration benchmark (issue 51): how fast `explore` of @chatbot/testing runs the basic
// template's bot (templates/basic: /ping, /echo and a welcome listener that counts joins in the
// store), compiled from its sources with the CLI's transform, on a MemoryStore. It reports
// scenarios and steps per second for scenarios of up to 10, 30 and 60 steps (how the cost grows
// with steps), with every kind of step on (faults and crashes included), BENCH_EXPLORE_RUNS
// scenarios each (default 100). Target: 100 scenarios of 30 steps in under 60 s on the 2-core
// development machine. Run after `npm run build`.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { pathToFileURL } from "node:url";
import { transformSync } from "rolldown/utils";
import { ROOT } from "./lib/processes.mjs";

const RUNS = Number(process.env.BENCH_EXPLORE_RUNS ?? 100);
const STEPS = (process.env.BENCH_EXPLORE_STEPS ?? "10,30,60").split(",").map(Number);
const SEED = Number(process.env.BENCH_EXPLORE_SEED ?? 51);

const { createBot, MemoryStore } = await import("../packages/framework/dist/index.js");
const { explore, ExplorationFailedError } = await import("../packages/testing/dist/index.js");

/** The template's sources as ES modules in a folder of the repository (so its imports resolve). */
function compileTemplate() {
  const from = join(ROOT, "templates/basic/src");
  const to = mkdtempSync(join(ROOT, "bench/.explore-bot-"));
  const walk = (folder) =>
    readdirSync(folder).flatMap((name) => {
      const path = join(folder, name);
      return statSync(path).isDirectory() ? walk(path) : path.endsWith(".ts") ? [path] : [];
    });
  for (const file of walk(from)) {
    const result = transformSync(file, readFileSync(file, "utf8"), {
      sourceType: "module",
      lang: "ts",
      typescript: { onlyRemoveTypeImports: false },
      decorator: { legacy: true, emitDecoratorMetadata: true },
    });
    if (result.errors.length > 0) throw new Error(`${file}: ${result.errors[0].message}`);
    const out = join(to, relative(from, file)).replace(/\.ts$/, ".js");
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, result.code);
  }
  return to;
}

const folder = compileTemplate();
try {
  const definition = (await import(pathToFileURL(join(folder, "bot.js")).href)).default;
  const results = [];
  for (const steps of STEPS) {
    let report;
    try {
      report = await explore({
        runs: RUNS,
        steps,
        seed: SEED,
        world: { people: ["ada", "bob"], app: { privileged: true } },
        store: () => new MemoryStore(),
        bot: (env) => createBot({ ...definition, ...env }),
        onProgress: () => {},
      });
    } catch (error) {
      if (!(error instanceof ExplorationFailedError)) throw error;
      console.log(error.message);
      process.exitCode = 1;
      continue;
    }
    const seconds = report.ms / 1000;
    const row = {
      max_steps: steps,
      scenarios: report.scenarios,
      steps: report.steps,
      seconds: Number(seconds.toFixed(1)),
      scenarios_per_s: Number((report.scenarios / seconds).toFixed(1)),
      steps_per_s: Number((report.steps / seconds).toFixed(1)),
      ms_per_step: Number((report.ms / report.steps).toFixed(1)),
    };
    results.push(row);
    console.log(JSON.stringify(row));
  }
  mkdirSync(join(ROOT, "bench/results"), { recursive: true });
  writeFileSync(
    join(ROOT, "bench/results/explore.json"),
    JSON.stringify({ runs: RUNS, seed: SEED, node: process.version, results }, null, 2) + "\n",
  );
} finally {
  rmSync(folder, { recursive: true, force: true });
}
