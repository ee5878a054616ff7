import { spawn, spawnSync } from "node:child_process";
import { lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { stripVTControlCharacters } from "node:util";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  cleanEnv,
  type LocalRegistry,
  packument,
  publishRelease,
  ROOT,
  startRegistry,
} from "../../test-support/registry.mjs";
import {
  betterSqlitePrebuild,
  resolveVersion,
  useLocalPrebuilds,
} from "../../test-support/better-sqlite3-prebuild.mjs";
import { BETTER_SQLITE3 } from "../src/main.js";

// The path a user types, against a real npm registry on this machine: every package published to
// it with `npm run release`, then, with only the registry set in the environment, the project made
// by `npm create chat-bot@latest`, its tests, `npm run dev` at its prompt, and `npx chatbot`.

const VERSION = (
  JSON.parse(readFileSync(join(ROOT, "packages/cli/package.json"), "utf8")) as { version: string }
).version;
const PACKAGES = [
  "kit",
  "protocol",
  "rest",
  "gateway",
  "framework",
  "testing",
  "server",
  "cli",
  "cluster",
  "plugin-mod-log",
];
const scratch = mkdtempSync(join(tmpdir(), "registry-test-"));
const [major = 0, minor = 0] = process.versions.node.split(".").map(Number);
/** node:sqlite without a flag (22.13 and later); without it a project depends on better-sqlite3. */
const nodeSqlite = major > 22 || (major === 22 && minor >= 13);
let registry: LocalRegistry | undefined;
/** A new user's environment: this machine's own npm configuration, and the registry. */
let user: NodeJS.ProcessEnv;

beforeAll(async () => {
  registry = await startRegistry();
  publishRelease(registry);
  // This machine's npmrc says `yes=false`, which refuses any package `npm create` has to fetch: a
  // person answers npm's "Ok to proceed?" with y, which npm_config_yes says here.
  user = { ...cleanEnv(), npm_config_registry: registry.url, npm_config_yes: "true", TMPDIR: scratch };
  // Without node:sqlite every project here installs better-sqlite3, and no prebuilt binary can be
  // downloaded on this machine: it is compiled once, and each install takes it from there.
  if (!nodeSqlite) {
    useLocalPrebuilds(scratch, betterSqlitePrebuild(resolveVersion(BETTER_SQLITE3, user), user));
  }
}, 900_000);

afterAll(async () => {
  await registry?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

function run(command: string, args: readonly string[], cwd: string, timeout = 600_000) {
  const done = spawnSync(command, args, { cwd, env: user, encoding: "utf8", timeout });
  return { status: done.status, output: stripVTControlCharacters(`${done.stdout}${done.stderr}`) };
}

/**
 * The tests after the first each make a project of their own from the registry, sharing nothing
 * but npm's cache (safe to share): they are `it.concurrent`, two at a time (`maxConcurrency` in
 * create-bot's vitest.config.ts), as npm's installs wait on the registry and disk. The file took
 * 54 to 60 s in this machine's full runs that way, against 58 to 74 s one test after another.
 */
/** Like {@link run}, without holding the event loop, so that two run at once. */
function runAsync(command: string, args: readonly string[], cwd: string, timeout = 600_000) {
  return new Promise<{ status: number | null; output: string }>((resolve) => {
    const child = spawn(command, args, { cwd, env: user, stdio: ["ignore", "pipe", "pipe"], timeout });
    let output = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
    child.on("close", (status) => resolve({ status, output: stripVTControlCharacters(output) }));
  });
}

const page = readFileSync(join(ROOT, "docs/getting-started.md"), "utf8");

it("publishes every package, and the getting-started block makes, installs and tests a project from it", async () => {
  for (const name of [...PACKAGES.map((p) => `@chatbot/${p}`), "create-chat-bot"]) {
    const published = await packument(registry!, name);
    expect(published?.["dist-tags"].latest, `${name} is on the registry`).toBe(VERSION);
  }

  // docs/getting-started.md's first block, as written, in a fresh folder.
  const block = /```sh\n(cd "\$\(mktemp -d\)"\nnpm create chat-bot[\s\S]*?)```/.exec(page)?.[1];
  expect(block, "the page's first block starts with npm create chat-bot").toBeDefined();
  const home = join(scratch, "home");
  mkdirSync(home);
  const made = run(
    "bash",
    ["--norc", "--noprofile", "-euo", "pipefail", "-c", `${block!}\npwd > ${home}/where`],
    home,
  );
  expect(made.output).toMatch(/created my-bot from the basic template in \d+ ms/);
  expect(made.output).toMatch(/Tests\s+4 passed/);
  expect(made.status, made.output).toBe(0);
  const project = readFileSync(join(home, "where"), "utf8").trim();

  // Nothing in the project points into a clone or a workspace: published ranges only.
  const manifest = JSON.parse(readFileSync(join(project, "package.json"), "utf8")) as {
    dependencies: Record<string, string>;
    devDependencies: Record<string, string>;
  };
  expect(manifest.dependencies["@chatbot/framework"]).toBe(`^${VERSION}`);
  expect(manifest.devDependencies["@chatbot/cli"]).toBe(`^${VERSION}`);
  expect(manifest.devDependencies["@chatbot/testing"]).toBe(`^${VERSION}`);
  const lock = readFileSync(join(project, "package-lock.json"), "utf8");
  expect(lock).not.toMatch(/"(file|link):|"link": true/);
  expect(lock).not.toContain(ROOT);
  const installed = join(project, "node_modules", "@chatbot", "framework");
  expect(lstatSync(installed).isSymbolicLink(), "installed from the registry, not linked").toBe(false);
  expect(JSON.parse(readFileSync(join(installed, "package.json"), "utf8")).version).toBe(VERSION);

  // What runs in production: the framework, its clients and the embedded store; no server, no CLI,
  // no OpenTelemetry SDK (optional, for /metrics), and nothing compiled where Node has node:sqlite.
  const runtime = run("npm", ["ls", "--omit=dev", "--all", "--parseable"], project);
  const names = runtime.output
    .split("\n")
    .filter((line) => line.includes("node_modules"))
    .map((line) => line.slice(line.lastIndexOf("node_modules/") + "node_modules/".length));
  expect(names).toContain("@chatbot/framework");
  if (nodeSqlite) expect(names).not.toContain("better-sqlite3");
  else {
    expect(names).toContain("better-sqlite3");
    // Its install script took the binary compiled once (beforeAll) rather than compiling it again:
    // a compile leaves its objects, the Makefile and a test extension beside it.
    const build = join(project, "node_modules", "better-sqlite3", "build");
    expect(readdirSync(build)).toEqual(["Release"]);
    expect(readdirSync(join(build, "Release"))).toEqual(["better_sqlite3.node"]);
  }
  expect(names).not.toContain("@opentelemetry/sdk-metrics");
  expect(names).not.toContain("@opentelemetry/exporter-prometheus");
  expect(names).not.toContain("@chatbot/server");
  expect(names).not.toContain("@chatbot/cli");

  // The framework's README: its example is a bot module that type-checks in a new project.
  const readme = readFileSync(join(ROOT, "packages/framework/README.md"), "utf8");
  writeFileSync(join(project, "src", "readme-bot.ts"), /```ts\n([\s\S]*?)```/.exec(readme)![1]!);
  const typecheck = run("npm", ["run", "typecheck"], project);
  expect(typecheck.status, typecheck.output).toBe(0);
  rmSync(join(project, "src", "readme-bot.ts"));

  const version = run("npx", ["chatbot", "--version"], project);
  expect(version.output.trim()).toBe(VERSION);

  // npm run dev: the prompt answers /ping, and Ctrl-C (SIGINT to the terminal's process group)
  // stops it all.
  const dev = spawn("npm", ["run", "dev", "--", "--port", "0", "--prompt"], {
    cwd: project,
    env: user,
    detached: true,
    stdio: ["pipe", "pipe", "pipe"],
  });
  let out = "";
  dev.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
  dev.stderr.on("data", (chunk: Buffer) => (out += chunk.toString()));
  const until = async (pattern: RegExp, ms = 60_000) => {
    for (let waited = 0; !pattern.test(stripVTControlCharacters(out)); waited += 50) {
      if (waited > ms) throw new Error(`${pattern} never came; got:\n${out}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  try {
    await until(/^ready base_url=/m);
    dev.stdin.write("/ping\n");
    await until(/my-bot \[bot\]: pong/);
    const exited = new Promise<number | null>((resolve) => dev.once("exit", resolve));
    process.kill(-dev.pid!, "SIGINT");
    const code = await Promise.race([
      exited,
      new Promise((resolve) => setTimeout(() => resolve("still running"), 10_000)),
    ]);
    expect(code, out).not.toBe("still running");
  } finally {
    try {
      process.kill(-dev.pid!, "SIGKILL");
    } catch {
      // the group has ended
    }
  }
});

it.concurrent("create-bot/README.md's block makes a project from the registry, as written", async () => {
  const readme = readFileSync(join(ROOT, "create-bot/README.md"), "utf8");
  const block = /```sh\n([\s\S]*?)```/.exec(readme)![1]!;
  const home = join(scratch, "readme");
  mkdirSync(home);
  const made = await runAsync("bash", ["--norc", "--noprofile", "-euo", "pipefail", "-c", block], home);
  expect(made.output).toMatch(/created my-bot from the basic template in \d+ ms/);
  expect(made.status, made.output).toBe(0);
});

it.concurrent.each(["moderation", "webhook-relay"])(
  "the %s template passes its tests from registry packages alone",
  async (template) => {
    const folder = join(scratch, `t-${template}`);
    mkdirSync(folder);
    const made = await runAsync(
      "npm",
      ["create", "chat-bot@latest", `${template}-bot`, "--", "--yes", "--no-git", "--template", template],
      folder,
    );
    expect(made.status, made.output).toBe(0);
    const tests = await runAsync("npm", ["test"], join(folder, `${template}-bot`));
    expect(tests.output).toMatch(/Tests\s+\d+ passed/);
    expect(tests.status, tests.output).toBe(0);
  },
);

it.concurrent(
  "docs/plugins.md's block makes a plugin package from the registry that passes its tests, as written",
  async () => {
    const guide = readFileSync(join(ROOT, "docs/plugins.md"), "utf8");
    const block = /```sh\n(cd "\$\(mktemp -d\)"\nnpm create chat-bot[\s\S]*?)```/.exec(guide)?.[1];
    expect(block, "the page's block starts with npm create chat-bot").toBeDefined();
    const home = join(scratch, "plugin");
    mkdirSync(home);
    const made = await runAsync("bash", ["--norc", "--noprofile", "-euo", "pipefail", "-c", block!], home);
    expect(made.output).toMatch(/created chatbot-plugin-faq from the plugin template in \d+ ms/);
    expect(made.output).toMatch(/Tests\s+4 passed/);
    expect(made.status, made.output).toBe(0);
  },
);

it.concurrent(
  "a new project starts from the release's lock: its first npm install reads the registry only for our packages",
  async () => {
    const folder = join(scratch, "locked");
    mkdirSync(folder);
    const made = await runAsync(
      "npm",
      ["create", "chat-bot@latest", "locked-bot", "--", "--yes", "--no-git", "--no-install"],
      folder,
    );
    expect(made.status, made.output).toBe(0);
    const project = join(folder, "locked-bot");
    type Lock = { name: string; packages: Record<string, { version?: string; resolved?: string }> };
    const read = (path: string) => JSON.parse(readFileSync(path, "utf8")) as Lock;
    // What `npm run release` (scripts/template-locks.mjs) made here and published in the generator.
    const released = read(join(ROOT, "create-bot/locks/basic.json"));
    const written = read(join(project, "package-lock.json"));
    expect(written.name).toBe("locked-bot");
    expect(Object.keys(written.packages).sort()).toEqual(Object.keys(released.packages).sort());

    const install = await runAsync("npm", ["install", "--no-audit", "--no-fund", "--loglevel=http"], project);
    expect(install.status, install.output).toBe(0);
    // Registry documents (not tarballs, whose paths have /-/) npm fetched to work out the tree, but
    // those the registry does not have: an optional dependency missing from it (Vite's
    // napi-windows-process-start-time on this machine's registry) is missing from the lock too,
    // and npm asks for it again, as it does for any project.
    const documents = [...install.output.matchAll(/fetch GET (\d+) (\S+)/g)]
      .filter((m) => m[1] !== "404")
      .map((m) => new URL(m[2]!).pathname)
      .filter((path) => !path.includes("/-/"));
    expect(documents.length).toBeGreaterThan(0);
    // On a Node without node:sqlite npm also works out better-sqlite3, which the lock leaves out.
    if (nodeSqlite) for (const path of documents) expect(decodeURIComponent(path)).toMatch(/^\/@chatbot\//);
    const installed = read(join(project, "package-lock.json"));
    for (const [key, entry] of Object.entries(released.packages)) {
      if (key !== "") expect(installed.packages[key]?.version, key).toBe(entry.version);
    }
  },
);
