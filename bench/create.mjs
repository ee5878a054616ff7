// Generator benchmark (issue 14): making a project with create-chat-bot (install excluded), beside a
// raw baseline in the same run (a plain recursive copy of the same template folder); then the
// generated basic project's `npm test` (vitest run: its three end-to-end tests against a real
// reference server), beside vitest running one empty test in the same project. Targets: generation
// under 1 s, the project's tests under 10 s.
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, dirname, join } from "node:path";
import { cleanEnv, publishRelease, startRegistry } from "../test-support/registry.mjs";
import { ROOT } from "./lib/processes.mjs";

const RUNS = Number(process.env.BENCH_RUNS ?? 10);
const TEST_RUNS = Number(process.env.BENCH_TEST_RUNS ?? 3);
const BIN = join(ROOT, "create-bot/bin/create-chat-bot.js");
const dir = mkdtempSync(join(tmpdir(), "bench-create-"));

function timed(command, args, cwd, env = process.env) {
  const start = performance.now();
  const run = spawnSync(command, args, { cwd, encoding: "utf8", env });
  const took = performance.now() - start;
  if (run.status !== 0) throw new Error(`${command} ${args.join(" ")}: ${run.stdout}${run.stderr}`);
  return took;
}

const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
// BENCH_CREATE_PART=registry runs only the registry part below.
const row = process.env.BENCH_CREATE_PART === "registry" ? null : generateAndTest();

/** Generation against a copy, and the generated project's npm test against an empty vitest run. */
function generateAndTest() {
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
  return row;
}

// From a registry (issues 23 and 35), on Node 24 (BENCH_NODE24, default .node-lines/24/bin/node as
// npm run test:lines unpacks it; this Node when it is missing): a new project made and installed
// as a user would, from our packages published to a local Verdaccio with `npm run release` (which
// also locks each template: the project starts from that package-lock.json; everything else
// through it from the registry npm is configured with), against a project made by create-vite
// (vanilla TypeScript) in the same run; both installs take everything but the @chatbot scope from the same
// registry. Each is made and installed once unmeasured, so npm's cache holds the same for both,
// then again measured: `npm create` (no install), then `npm install`. Then
// node_modules' size and package count, the runtime dependencies, and the project's check: npm test
// for ours, npm run build (tsc and vite build; it has no tests) for Vite's. A third project holds
// only the template's tools (its devDependencies but ours: Vite, Vitest, TypeScript, @types/node,
// at the generated project's ranges), installed the same way: what any project on those tools
// takes, so the share of our packages is the difference. Targets (issue 52): create and install
// under 15 s and at most 1.5 times create-vite's in the same run, at most 100 packages; each is
// printed met or not met.
const NODE24 = process.env.BENCH_NODE24 ?? join(ROOT, ".node-lines/24/bin/node");
const lineNode = existsSync(NODE24) ? NODE24 : process.execPath;
const nodeVersion = spawnSync(lineNode, ["-p", "process.version"], { encoding: "utf8" }).stdout.trim();
const onLine = (env) => ({ ...env, PATH: `${dirname(lineNode)}${delimiter}${env.PATH}` });
const registry = await startRegistry();
let registryRows;
try {
  publishRelease(registry);
  // create-chat-bot comes from the local registry; each install takes only our scope from it and
  // everything else from the registry npm is configured with, as create-vite's does.
  const userEnv = onLine({ ...cleanEnv(), npm_config_registry: registry.url, npm_config_yes: "true" });
  const viteEnv = onLine({ ...cleanEnv(), npm_config_yes: "true" });
  const install = ["install", "--no-audit", "--no-fund", `--@chatbot:registry=${registry.url}`];
  /** `create` is npm's arguments, or a function that writes the project into its folder. */
  const measure = (label, env, create, folder, check) => {
    const made = (round) => {
      const cwd = join(dir, `registry-${label}-${round}`);
      mkdirSync(cwd);
      const project = join(cwd, folder);
      let created = 0;
      if (typeof create === "function") create(project);
      else created = timed("npm", create, cwd, env);
      return { project, created, installed: timed("npm", install, project, viteEnv) };
    };
    made("warm");
    const { project, created, installed } = made("measured");
    const packages = listPackages(project, [], env);
    const runtime = listPackages(project, ["--omit=dev"], env);
    const sizeMb =
      Number(
        spawnSync("du", ["-sk", join(project, "node_modules")], { encoding: "utf8" }).stdout.split("\t")[0],
      ) / 1024;
    const checked = timed("npm", check, project, env);
    return {
      project: label,
      node: nodeVersion,
      create_s: +(created / 1000).toFixed(1),
      install_s: +(installed / 1000).toFixed(1),
      create_and_install_s: +((created + installed) / 1000).toFixed(1),
      node_modules_mb: +sizeMb.toFixed(1),
      packages: packages.length,
      runtime_packages: runtime.length,
      check: check.join(" "),
      check_s: +(checked / 1000).toFixed(1),
      runtime: runtime.join(" "),
    };
  };
  registryRows = [
    measure(
      "chat-bot",
      userEnv,
      ["create", "chat-bot@latest", "my-bot", "--", "--yes", "--no-install", "--no-git"],
      "my-bot",
      ["test"],
    ),
    measure(
      "its tools alone",
      viteEnv,
      (project) => {
        // The project just measured, without our packages: its devDependencies but ours.
        const made = JSON.parse(
          readFileSync(join(dir, "registry-chat-bot-measured/my-bot/package.json"), "utf8"),
        );
        const tools = Object.entries(made.devDependencies).filter(([name]) => !name.startsWith("@chatbot/"));
        mkdirSync(join(project, "test"), { recursive: true });
        writeFileSync(
          join(project, "package.json"),
          JSON.stringify({
            name: "tools",
            private: true,
            type: "module",
            scripts: { test: "vitest run" },
            devDependencies: Object.fromEntries(tools),
          }),
        );
        writeFileSync(
          join(project, "test/empty.test.ts"),
          'import { it } from "vitest";\nit("runs", () => {});\n',
        );
      },
      "tools",
      ["test"],
    ),
    measure(
      "create-vite vanilla-ts",
      viteEnv,
      ["create", "vite@latest", "my-app", "--", "--template", "vanilla-ts", "--no-interactive"],
      "my-app",
      ["run", "build"],
    ),
  ];
} finally {
  await registry.stop();
  rmSync(dir, { recursive: true, force: true });
}
console.table(registryRows.map(({ runtime: _, ...r }) => r));
for (const r of registryRows)
  console.log(`${r.project} runtime dependencies (npm install --omit=dev): ${r.runtime}`);
const [ours, tools, vite] = registryRows;
const ratio = ours.create_and_install_s / vite.create_and_install_s;
const met = (ok) => (ok ? "met" : "not met");
console.log(
  `npm create chat-bot + npm install on Node ${nodeVersion}: ${ours.create_and_install_s} s (target < 15 s: ${met(ours.create_and_install_s < 15)}), ${ratio.toFixed(1)}× create-vite's (target ≤ 1.5×: ${met(ratio <= 1.5)}), ${ours.packages} packages (target ≤ 100: ${met(ours.packages <= 100)}), ${ours.node_modules_mb} MB; create-vite + install ${vite.create_and_install_s} s, ${vite.packages} packages, ${vite.node_modules_mb} MB; the template's tools alone (its devDependencies but ours) install in ${tools.install_s} s, ${tools.packages} packages, ${(tools.install_s / vite.create_and_install_s).toFixed(1)}× create-vite's`,
);
mkdirSync(join(ROOT, "bench/results"), { recursive: true });
writeFileSync(
  join(ROOT, "bench/results/create.json"),
  JSON.stringify({ ...row, registry: registryRows }, null, 2),
);

/** The packages `npm ls` lists in `project` (with `args`), by name. */
function listPackages(project, args, env) {
  const done = spawnSync("npm", ["ls", "--all", "--parseable", ...args], {
    cwd: project,
    encoding: "utf8",
    env,
  });
  return done.stdout
    .split("\n")
    .filter((line) => line.includes("node_modules"))
    .map((line) => line.slice(line.lastIndexOf("node_modules/") + "node_modules/".length));
}
