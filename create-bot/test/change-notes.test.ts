import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { ROOT } from "../../test-support/registry.mjs";

// The change-note check (scripts/check-change-notes.mjs, npm run lint:changes) on a scratch git
// repository of two published packages, released at a commit .changeset/last-release.json names:
// a package changed without a note fails it, naming the package and the file; its note makes it
// pass; a test file alone is no change; after `changeset version`'s commit the release is that
// commit; a shallow clone without the release's commit is refused with what to do.

const dir = mkdtempSync(join(tmpdir(), "change-notes-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const repo = join(dir, "repo");
const env = {
  ...process.env,
  GIT_AUTHOR_NAME: "test",
  GIT_AUTHOR_EMAIL: "test@example.com",
  GIT_COMMITTER_NAME: "test",
  GIT_COMMITTER_EMAIL: "test@example.com",
};

function write(path: string, text: string) {
  mkdirSync(dirname(join(repo, path)), { recursive: true });
  writeFileSync(join(repo, path), text);
}
function git(...args: string[]) {
  const run = spawnSync("git", args, { cwd: repo, env, encoding: "utf8" });
  expect(run.status, run.stderr).toBe(0);
  return run.stdout.trim();
}
function commit(message: string) {
  git("add", "-A");
  git("commit", "-qm", message);
  return git("rev-parse", "HEAD");
}
function check(root = repo) {
  const run = spawnSync(process.execPath, [join(ROOT, "scripts/check-change-notes.mjs"), "--root", root], {
    env,
    encoding: "utf8",
    timeout: 60_000,
  });
  return { status: run.status, out: run.stdout + run.stderr };
}
const manifest = (name: string, version: string) =>
  `${JSON.stringify({ name, version, type: "module", dependencies: { valibot: "^1.0.0" } }, null, 2)}\n`;

it("fails for a package changed without a note, naming it, and passes once a note names it", () => {
  mkdirSync(repo, { recursive: true });
  git("init", "-q", "-b", "main");
  write(
    "package.json",
    JSON.stringify({ name: "scratch", private: true, workspaces: ["packages/a", "packages/b"] }),
  );
  write(
    ".changeset/config.json",
    JSON.stringify({
      changelog: false,
      commit: false,
      fixed: [],
      linked: [],
      access: "public",
      baseBranch: "main",
    }),
  );
  write("packages/a/package.json", manifest("@scratch/a", "0.1.0"));
  write("packages/a/src/index.ts", "export const a = 1;\n");
  write("packages/b/package.json", manifest("@scratch/b", "0.1.0"));
  write("packages/b/src/index.ts", "export const b = 1;\n");
  // changeset, as the repository has it.
  symlinkSync(join(ROOT, "node_modules"), join(repo, "node_modules"));
  write(".gitignore", "node_modules\n");
  const release = commit("release 0.1.0");
  write(".changeset/last-release.json", JSON.stringify({ version: "0.1.0", commit: release }));
  commit("the release's commit, recorded");

  expect(check().status).toBe(0);

  // A test beside the code and a devDependency are nothing a user sees.
  write("packages/b/src/index.test.ts", "it('b', () => {});\n");
  write(
    "packages/b/package.json",
    manifest("@scratch/b", "0.1.0").replace('"type"', '"devDependencies": {},\n  "type"'),
  );
  commit("b: a test");
  expect(check().status).toBe(0);

  write("packages/a/src/index.ts", "export const a = 2;\n");
  commit("a: a changed");
  const failed = check();
  expect(failed.status).toBe(1);
  expect(failed.out).toContain("Packages changed since the 0.1.0 release");
  expect(failed.out).toContain("@scratch/a: packages/a/src/index.ts");
  expect(failed.out).not.toContain("@scratch/b");
  expect(failed.out).toContain("npx changeset");

  write(".changeset/a-two.md", '---\n"@scratch/a": patch\n---\n\n`a` is 2.\n');
  commit("a: its note");
  const passed = check();
  expect(passed.out).toContain("every package changed since the 0.1.0 release");
  expect(passed.status).toBe(0);
});

it("counts a changed dependency as a change, and takes changeset version's commit as the next release", () => {
  write("packages/b/package.json", manifest("@scratch/b", "0.1.0").replace("^1.0.0", "^2.0.0"));
  commit("b: valibot 2");
  const failed = check();
  expect(failed.status).toBe(1);
  expect(failed.out).toContain("@scratch/b: packages/b/package.json");

  // What `changeset version` commits: the new versions, the notes consumed.
  rmSync(join(repo, ".changeset/a-two.md"));
  write("packages/a/package.json", manifest("@scratch/a", "0.1.1"));
  write("packages/b/package.json", manifest("@scratch/b", "0.1.1").replace("^1.0.0", "^2.0.0"));
  const version = commit("version packages");
  expect(check().status).toBe(0);

  write("packages/b/src/index.ts", "export const b = 3;\n");
  commit("b: b changed");
  const again = check();
  expect(again.status).toBe(1);
  expect(again.out).toContain(`since the commit that set version 0.1.1 (${version.slice(0, 7)})`);
  expect(again.out).toContain("@scratch/b: packages/b/src/index.ts");
});

it("refuses a shallow clone without the release's commit, saying how to fetch it", () => {
  const shallow = join(dir, "shallow");
  const clone = spawnSync("git", ["clone", "-q", "--depth", "1", `file://${repo}`, shallow], {
    env,
    encoding: "utf8",
  });
  expect(clone.status, clone.stderr).toBe(0);
  symlinkSync(join(ROOT, "node_modules"), join(shallow, "node_modules"));
  const refused = check(shallow);
  expect(refused.status).toBe(2);
  expect(refused.out).toContain("this clone is shallow: its history does not reach that release");
  expect(refused.out).toContain("git fetch --unshallow");
});
