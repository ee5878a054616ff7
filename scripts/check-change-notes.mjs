// Every published package a user would see changed since the last release has a change note
// (npm run lint:changes, part of npm run lint). A package counts as changed when, since the last
// release, a file of its src/ (tests excluded), its api/ reports, its bin/, or what its package.json
// tells npm (dependencies, engines, exports, bin, files) changed; create-chat-bot also owns the
// repository's templates/. Its note is a `.changeset/*.md` file naming it, committed (or at least
// `git add`ed) since that release, as `changeset status --since=<release>` reads them.
//
// The last release: `.changeset/last-release.json` names the commit of the release of its
// `version`; once the packages carry another version (`changeset version` wrote it), the release
// is the newest commit that changed that version in the manifests, so the file needs no edit.
//
//   node scripts/check-change-notes.mjs [--root <folder>]
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

/** The manifest fields npm and a user's install read: a change to one is a change users see. */
const USER_FIELDS = [
  "dependencies",
  "peerDependencies",
  "peerDependenciesMeta",
  "optionalDependencies",
  "engines",
  "exports",
  "bin",
  "files",
  "type",
  "main",
  "types",
];

/** Folders of the repository, outside a package's own, that ship with it. */
const SHIPPED_ELSEWHERE = { "create-chat-bot": ["templates/"] };

class CheckError extends Error {}

function git(root, args, { allowFailure = false } = {}) {
  const run = spawnSync("git", args, { cwd: root, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  if (run.status !== 0 && !allowFailure)
    throw new CheckError(`git ${args.join(" ")} failed: ${run.stderr.trim() || run.error?.message}`);
  return run;
}

/** The published packages: `{ name, folder, version }`. */
function publishedPackages(root) {
  const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
  return manifest.workspaces
    .map((folder) => ({ folder, pkg: JSON.parse(readFileSync(join(root, folder, "package.json"), "utf8")) }))
    .filter(({ pkg }) => !pkg.private)
    .map(({ folder, pkg }) => ({ name: pkg.name, folder, version: pkg.version }));
}

/** The last release's commit, and how it was found. */
function lastRelease(root, packages) {
  const recorded = JSON.parse(readFileSync(join(root, ".changeset/last-release.json"), "utf8"));
  const { version, folder } = packages[0];
  if (version === recorded.version)
    return { commit: recorded.commit, how: `the ${version} release (.changeset/last-release.json)` };
  const run = git(root, ["log", "-1", "--format=%H", "-G", '"version":', "--", join(folder, "package.json")]);
  const commit = run.stdout.trim();
  if (commit === "")
    throw new CheckError(
      `no commit in this clone's history sets ${folder}/package.json's version ${version}`,
    );
  return { commit, how: `the commit that set version ${version}` };
}

/** The commits where a shallow clone's history is cut (none in a full clone). */
function shallowBoundary(root) {
  if (git(root, ["rev-parse", "--is-shallow-repository"]).stdout.trim() !== "true") return null;
  const file = git(root, ["rev-parse", "--git-path", "shallow"]).stdout.trim();
  return new Set(readFileSync(resolve(root, file), "utf8").split("\n").filter(Boolean));
}

/**
 * Refuses, saying what to do, when this clone lacks the release's commit, or when the release was
 * found at the cut of a shallow clone (where every file looks added, its version line included).
 */
function assertHistory(root, release) {
  const boundary = shallowBoundary(root);
  const present =
    git(root, ["cat-file", "-e", `${release.commit}^{commit}`], { allowFailure: true }).status === 0;
  if (present && !boundary?.has(release.commit)) return;
  throw new CheckError(
    boundary !== null
      ? `the change-note check compares with the last release (${release.how}), and this clone is shallow:` +
          " its history does not reach that release. Fetch the history (git fetch --unshallow) or clone without --depth."
      : `the change-note check compares with the last release (${release.how}), commit ${release.commit},` +
          " which is not in this repository's history.",
  );
}

function manifestChanged(root, base, path) {
  const before = git(root, ["show", `${base}:${path}`], { allowFailure: true });
  if (before.status !== 0) return true;
  const old = JSON.parse(before.stdout);
  const now = JSON.parse(readFileSync(join(root, path), "utf8"));
  return USER_FIELDS.some((field) => JSON.stringify(old[field]) !== JSON.stringify(now[field]));
}

/** What of a package a user would see changed since `base`: `Map<name, files>`. */
function changedPackages(root, base, packages) {
  const files = git(root, ["diff", "--name-only", "--no-relative", base]).stdout.split("\n").filter(Boolean);
  const changed = new Map();
  const add = (name, file) => changed.set(name, [...(changed.get(name) ?? []), file]);
  for (const file of files) {
    for (const { name, folder } of packages) {
      for (const elsewhere of SHIPPED_ELSEWHERE[name] ?? []) if (file.startsWith(elsewhere)) add(name, file);
      if (!file.startsWith(`${folder}/`)) continue;
      const inside = file.slice(folder.length + 1);
      const counts =
        (inside.startsWith("src/") && !/\.test\.tsx?$/.test(inside)) ||
        inside.startsWith("api/") ||
        inside.startsWith("bin/") ||
        (inside === "package.json" && manifestChanged(root, base, file));
      if (counts) add(name, file);
    }
  }
  return changed;
}

/** The packages the notes since `base` name (any bump, `none` included), by `changeset status`. */
function notedPackages(root, base) {
  const folder = mkdtempSync(join(tmpdir(), "change-notes-"));
  try {
    const output = join(folder, "plan.json");
    const run = spawnSync(
      "npx",
      ["--no-install", "changeset", "status", `--since=${base}`, `--output=${output}`],
      {
        cwd: root,
        encoding: "utf8",
      },
    );
    if (run.status !== 0) {
      // It fails when packages changed and no note at all is waiting: then none is noted.
      if (/no changesets were found/.test(run.stdout + run.stderr)) return new Set();
      throw new CheckError(`changeset status --since=${base} failed:\n${run.stdout}${run.stderr}`);
    }
    const plan = JSON.parse(readFileSync(output, "utf8"));
    return new Set(plan.changesets.flatMap((note) => note.releases.map((release) => release.name)));
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

function main(argv) {
  const rootIndex = argv.indexOf("--root");
  const root = resolve(rootIndex >= 0 ? argv[rootIndex + 1] : new URL("..", import.meta.url).pathname);
  const packages = publishedPackages(root);
  const release = lastRelease(root, packages);
  assertHistory(root, release);
  const changed = changedPackages(root, release.commit, packages);
  const noted = notedPackages(root, release.commit);
  const missing = [...changed].filter(([name]) => !noted.has(name));
  if (missing.length === 0) {
    console.log(
      `Change notes: every package changed since ${release.how} has one (${changed.size} changed).`,
    );
    return 0;
  }
  console.error(
    `Packages changed since ${release.how} (${release.commit.slice(0, 7)}) without a change note:`,
  );
  for (const [name, files] of missing) {
    const shown = files.slice(0, 5).join(", ");
    console.error(`  - ${name}: ${shown}${files.length > 5 ? ` and ${files.length - 5} more` : ""}`);
  }
  console.error(
    "\nAdd one: `npx changeset`, pick the package(s) and the bump (major when a user's code could break," +
      " `none` in the note's front matter for a change no user can see), write what changed, and commit" +
      " the .changeset/*.md file (git add is enough for this check). See docs/contributing.md#releases.",
  );
  return 1;
}

try {
  process.exitCode = main(process.argv.slice(2));
} catch (error) {
  if (!(error instanceof CheckError)) throw error;
  console.error(`lint:changes: ${error.message}`);
  process.exitCode = 2;
}
