// Generator benchmark (issue 14): making a project with create-chat-bot (install excluded), beside a
// raw baseline in the same run (a plain recursive copy of the same template folder); then the
// generated basic project's `npm test` (vitest run: its three end-to-end tests against a real
// reference server), beside vitest running one empty test in the same project. Targets: generation
// under 1 s, the project's tests under 10 s.
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ROOT } from "./lib/processes.mjs";

const RUNS = Number(process.env.BENCH_RUNS ?? 10);
const TEST_RUNS = Number(process.env.BENCH_TEST_RUNS ?? 3);
const BIN = join(ROOT, "create-bot/bin/create-chat-bot.js");
const dir = mkdtempSync(join(tmpdir(), "bench-create-"));

function timed(command, args, cwd) {
  const start = performance.now();
  const run = spawnSync(command, args, { cwd, encoding: "utf8" });
  const took = performance.now() - start;
  if (run.status !== 0) throw new Error(`${command} ${args.join(" ")}: ${run.stdout}${run.stderr}`);
  return took;
}

const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
const generate = [];
const copy = [];
for (let i = 0; i < RUNS + 1; i++) {
  const name = `bot-${i}`;
  const took = timed(
    process.execPath,
    [BIN, name, "--template", "basic", "--yes", "--no-install", "--no-git", "--local", ROOT],
    dir,
  );
  const start = performance.now();
  cpSync(join(ROOT, "templates/basic"), join(dir, `copy-${i}`), { recursive: true });
  const copied = performance.now() - start;
  if (i === 0) continue;
  generate.push(took);
  copy.push(copied);
}

const project = join(dir, "bot-0");
timed("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund"], project);
const tests = [];
for (let i = 0; i < TEST_RUNS; i++) tests.push(timed("npm", ["test", "--silent"], project));
writeFileSync(join(project, "test/empty.test.ts"), 'import { it } from "vitest";\nit("runs", () => {});\n');
const empty = [];
for (let i = 0; i < TEST_RUNS; i++) {
  empty.push(
    timed(process.execPath, ["node_modules/vitest/vitest.mjs", "run", "test/empty.test.ts"], project),
  );
}
rmSync(dir, { recursive: true, force: true });

const row = {
  generate_p50_ms: Math.round(median(generate)),
  generate_max_ms: Math.round(Math.max(...generate)),
  copy_template_p50_ms: Math.round(median(copy) * 10) / 10,
  npm_test_p50_ms: Math.round(median(tests)),
  vitest_empty_p50_ms: Math.round(median(empty)),
};
console.table([row]);
console.log(
  `create-chat-bot basic: ${row.generate_p50_ms} ms p50 (target < 1000 ms; a bare copy of the template ${row.copy_template_p50_ms} ms); its npm test ${row.npm_test_p50_ms} ms p50 (target < 10000 ms; vitest on one empty test ${row.vitest_empty_p50_ms} ms)`,
);
mkdirSync(join(ROOT, "bench/results"), { recursive: true });
writeFileSync(join(ROOT, "bench/results/create.json"), JSON.stringify(row, null, 2));
