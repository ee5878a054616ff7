#!/usr/bin/env node
// Before a release (`npm run release`, after the build): a package-lock.json for each template,
// which create-chat-bot ships in its locks/ folder and writes into a project it makes for npm.
// The project's first `npm install` then reads its tree instead of working it out one registry
// document at a time, which took most of a new project's install (issue 52; docs/decisions.md,
// "A new project starts from the release's lockfile").
//
// Each template is rendered by the generator as a user gets it, then locked with
// `npm install --package-lock-only` against the registry npm is configured with; our packages come
// from tarballs packed here from this checkout (the bytes the release then publishes), through
// `overrides`, so nothing of ours need be on a registry yet. In the lock written:
// - our packages keep their version but no `resolved` or `integrity`: npm fetches their registry
//   document and tarball from wherever the user's npm takes the @chatbot scope from (npm swaps the
//   host of a `resolved` only for its default registry, not a scope's);
// - everything else is `resolved` on https://registry.npmjs.org/, which npm reads as "the
//   registry this user's npm is configured with" (`replace-registry-host`, npmjs by default);
// - the root keeps the template's own ranges (`^<version>` for ours).
//
//   node scripts/template-locks.mjs            every template, into create-bot/locks/<template>.json
import { spawn, spawnSync } from "node:child_process";
import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const ROOT = new URL("..", import.meta.url).pathname;
const OUT = join(ROOT, "create-bot/locks");
const NPMJS = "https://registry.npmjs.org/";
const GENERATOR = join(ROOT, "create-bot/bin/create-chat-bot.js");

const readJson = (path) => JSON.parse(readFileSync(path, "utf8"));

/** Our published packages (the changesets group but the generator) → their workspace folders. */
function ourPackages() {
  const group = readJson(join(ROOT, ".changeset/config.json")).fixed[0].filter(
    (n) => n !== "create-chat-bot",
  );
  const folders = new Map(
    readJson(join(ROOT, "package.json")).workspaces.map((w) => [
      readJson(join(ROOT, w, "package.json")).name,
      w,
    ]),
  );
  return group.map((name) => {
    const folder = folders.get(name);
    if (!folder) throw new Error(`${name} (.changeset/config.json) is no workspace of this repository`);
    return { name, folder };
  });
}

/** Runs a command to its end; throws with its output when it fails. */
function run(command, args, cwd) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.setEncoding("utf8").on("data", (chunk) => (output += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk) => (output += chunk));
    child.on("error", reject);
    child.on("close", (status) =>
      status === 0
        ? resolve(output)
        : reject(new Error(`${command} ${args.join(" ")} (exit ${status}):\n${output}`)),
    );
  });
}

/** Packs each of ours into `folder`; answers name → tarball path. */
function pack(ours, folder) {
  const done = spawnSync(
    "npm",
    ["pack", "--json", "--pack-destination", folder, ...ours.flatMap((p) => ["-w", p.folder])],
    { cwd: ROOT, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
  );
  if (done.status !== 0) throw new Error(`npm pack failed (exit ${done.status}):\n${done.stderr}`);
  return new Map(JSON.parse(done.stdout).map((p) => [p.name, join(folder, p.filename)]));
}

const SECTIONS = ["dependencies", "devDependencies", "peerDependencies", "optionalDependencies"];

/** The lock of `template`'s project, as create-chat-bot ships it. */
async function lockTemplate(template, tarballs, work, registry) {
  const name = `lock-${template}`;
  await run(
    process.execPath,
    [GENERATOR, name, "--template", template, "--yes", "--no-install", "--no-git"],
    work,
  );
  const project = join(work, name);
  const manifest = readJson(join(project, "package.json"));
  // Made on a Node without node:sqlite, the project also asks for better-sqlite3: the lock is for
  // the Nodes that have it, and npm adds better-sqlite3 to it on the others.
  delete manifest.dependencies?.["better-sqlite3"];
  delete manifest.allowScripts;
  const ranges = Object.fromEntries(SECTIONS.filter((s) => manifest[s]).map((s) => [s, { ...manifest[s] }]));
  const local = (deps) =>
    Object.fromEntries(
      Object.entries(deps).map(([n, spec]) => [n, tarballs.has(n) ? `file:${tarballs.get(n)}` : spec]),
    );
  for (const section of Object.keys(ranges)) manifest[section] = local(manifest[section]);
  manifest.overrides = Object.fromEntries([...tarballs].map(([n, path]) => [n, `file:${path}`]));
  writeFileSync(join(project, "package.json"), JSON.stringify(manifest, null, 2));
  await run(
    "npm",
    [
      "install",
      "--package-lock-only",
      "--ignore-scripts",
      "--no-audit",
      "--no-fund",
      "--no-omit-lockfile-registry-resolved",
    ],
    project,
  );
  const lock = readJson(join(project, "package-lock.json"));
  Object.assign(lock.packages[""], ranges);
  for (const [key, entry] of Object.entries(lock.packages)) {
    if (key === "") continue;
    const packageName = key.slice(key.lastIndexOf("node_modules/") + "node_modules/".length);
    if (tarballs.has(packageName)) {
      delete entry.resolved;
      delete entry.integrity;
    } else if (entry.resolved?.startsWith(registry)) {
      entry.resolved = NPMJS + entry.resolved.slice(registry.length);
    } else if (entry.resolved?.startsWith(NPMJS)) {
      // Kept: a registry that proxies npm's hands some documents on with npm's own tarball URLs.
    } else {
      throw new Error(`${template}: ${key} comes from ${entry.resolved ?? "nowhere"}, not from ${registry}`);
    }
  }
  return lock;
}

const ours = ourPackages();
const work = mkdtempSync(join(tmpdir(), "template-locks-"));
try {
  const registry = spawnSync("npm", ["config", "get", "registry"], { encoding: "utf8" }).stdout.trim();
  const tarballs = pack(ours, work);
  const templates = readdirSync(join(ROOT, "templates"), { withFileTypes: true })
    .filter((e) => e.isDirectory() && e.name !== "_shared")
    .map((e) => e.name);
  const started = performance.now();
  // Two at a time: each waits mostly on the registry.
  const locks = new Map();
  for (let i = 0; i < templates.length; i += 2) {
    const batch = templates.slice(i, i + 2);
    const made = await Promise.all(
      batch.map((t) => lockTemplate(t, tarballs, work, registry.replace(/\/?$/, "/"))),
    );
    batch.forEach((t, j) => locks.set(t, made[j]));
  }
  // Each file replaced whole (a rename), as a generator run meanwhile may read it; then the locks of
  // templates that are gone are removed.
  mkdirSync(OUT, { recursive: true });
  for (const [template, lock] of locks) {
    const path = join(OUT, `${template}.json`);
    writeFileSync(`${path}.tmp`, `${JSON.stringify(lock, null, 2)}\n`);
    renameSync(`${path}.tmp`, path);
  }
  for (const file of readdirSync(OUT)) {
    if (!locks.has(file.replace(/\.json$/, ""))) rmSync(join(OUT, file), { force: true });
  }
  const counts = [...locks].map(([t, l]) => `${t} ${Object.keys(l.packages).length - 1}`).join(", ");
  process.stdout.write(
    `template-locks: ${locks.size} locks in create-bot/locks/ (${counts} packages) in ${((performance.now() - started) / 1000).toFixed(1)} s\n`,
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
