import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { cleanEnv, ROOT } from "../../test-support/registry.mjs";

// `changeset version` on a copy of the workspace's manifests and the repository's .changeset/
// configuration: one change note bumps every published package together (they are one release)
// and writes each one's CHANGELOG.md, and the dependencies among them follow.

const PUBLISHED = {
  "@chatbot/kit": "packages/kit",
  "@chatbot/protocol": "packages/protocol",
  "@chatbot/rest": "packages/rest",
  "@chatbot/gateway": "packages/gateway",
  "@chatbot/framework": "packages/framework",
  "@chatbot/testing": "packages/testing",
  "@chatbot/server": "packages/server",
  "@chatbot/cli": "packages/cli",
  "@chatbot/cluster": "packages/cluster",
  "@chatbot/plugin-mod-log": "packages/plugin-mod-log",
  "create-chat-bot": "create-bot",
} as const;

const dir = mkdtempSync(join(tmpdir(), "release-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const manifest = (folder: string) =>
  JSON.parse(readFileSync(join(folder, "package.json"), "utf8")) as {
    name: string;
    version: string;
    private?: boolean;
    dependencies?: Record<string, string>;
    peerDependencies?: Record<string, string>;
  };

it("changeset version bumps every package of the release together, with a CHANGELOG.md each and internal ranges in step", () => {
  const root = manifest(ROOT) as unknown as { workspaces: string[] };
  cpSync(join(ROOT, "package.json"), join(dir, "package.json"));
  cpSync(join(ROOT, ".changeset", "config.json"), join(dir, ".changeset", "config.json"));
  for (const workspace of root.workspaces) {
    mkdirSync(join(dir, workspace), { recursive: true });
    cpSync(join(ROOT, workspace, "package.json"), join(dir, workspace, "package.json"));
  }
  // Changesets reads the repository's history; a fresh one with the copy committed.
  const git = (...args: string[]) => spawnSync("git", args, { cwd: dir, encoding: "utf8" });
  git("init", "-q", "-b", "main");
  git("add", "-A");
  git("-c", "user.name=t", "-c", "user.email=t@127.0.0.1", "commit", "-qm", "start");

  const before = manifest(join(ROOT, "packages/framework")).version;
  writeFileSync(
    join(dir, ".changeset", "quick-reply.md"),
    `---\n"@chatbot/framework": minor\n---\n\nReplies can carry a poll.\n`,
  );
  const run = spawnSync(
    process.execPath,
    [join(ROOT, "node_modules", "@changesets", "cli", "bin.js"), "version"],
    { cwd: dir, encoding: "utf8", env: cleanEnv() },
  );
  expect(run.status, `${run.stdout}${run.stderr}`).toBe(0);

  const [major, minor] = before.split(".").map(Number) as [number, number];
  const next = major === 0 ? `0.${minor + 1}.0` : `${major}.${minor + 1}.0`;
  for (const [name, folder] of Object.entries(PUBLISHED)) {
    const bumped = manifest(join(dir, folder));
    expect(bumped.version, name).toBe(next);
    const changelog = join(dir, folder, "CHANGELOG.md");
    expect(existsSync(changelog), `${name} has a CHANGELOG.md`).toBe(true);
    expect(readFileSync(changelog, "utf8")).toContain(`## ${next}`);
    for (const [dependency, range] of Object.entries(bumped.dependencies ?? {})) {
      if (dependency in PUBLISHED) expect(range, `${name} → ${dependency}`).toMatch(new RegExp(`${next}$`));
    }
  }
  // A plugin's peer range on the framework (docs/contributing.md) holds the new version: the
  // release stays a minor one (a peer left behind makes changesets bump the whole group to major),
  // and the range is kept as written.
  const plugin = join("packages", "plugin-mod-log");
  expect(manifest(join(dir, plugin)).peerDependencies).toEqual(manifest(join(ROOT, plugin)).peerDependencies);
  expect(readFileSync(join(dir, "packages/framework/CHANGELOG.md"), "utf8")).toContain(
    "Replies can carry a poll.",
  );
  // The note is used up; the examples (private) are not released.
  expect(existsSync(join(dir, ".changeset", "quick-reply.md"))).toBe(false);
  expect(manifest(join(dir, "examples/polls")).private).toBe(true);
});
