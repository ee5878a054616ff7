import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { writeReleaseLock } from "../src/lockfile.js";
import { create } from "./generated-project.js";

// The release's lock of a template (scripts/template-locks.mjs makes them; the registry test shows
// a published generator writing one and npm installing from it) goes into a project only when it
// was made for what the project's package.json asks for.

const dir = mkdtempSync(join(tmpdir(), "release-lock-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Manifest = Record<string, Record<string, string> | string>;

/** A project made by the generator (no install, no git), and a lock of its ranges in a locks folder. */
function projectAndLock(name: string) {
  const made = create(
    [name, "--template", "basic", "--yes", "--no-install", "--no-git", "--pm", "pnpm"],
    dir,
  );
  expect(made.status, made.stderr).toBe(0);
  const project = join(dir, name);
  const manifest = JSON.parse(readFileSync(join(project, "package.json"), "utf8")) as Manifest;
  const locks = join(dir, `${name}-locks`);
  mkdirSync(locks);
  const root = {
    name: "lock-basic",
    version: "0.1.0",
    dependencies: manifest.dependencies,
    devDependencies: manifest.devDependencies,
  };
  const lock = {
    name: "lock-basic",
    version: "0.1.0",
    lockfileVersion: 3,
    requires: true,
    packages: {
      "": root,
      "node_modules/ms": {
        version: "2.1.3",
        resolved: "https://registry.npmjs.org/ms/-/ms-2.1.3.tgz",
        license: "MIT",
      },
    },
  };
  const writeLock = () => writeFileSync(join(locks, "basic.json"), JSON.stringify(lock));
  writeLock();
  return { project, locks, root, writeLock };
}

const lockOf = (project: string) =>
  JSON.parse(readFileSync(join(project, "package-lock.json"), "utf8")) as {
    name: string;
    packages: Record<string, { name?: string; version?: string }>;
  };

it("writes the release's lock, named as the project, when it was made for the project's ranges", () => {
  const { project, locks } = projectAndLock("locked-bot");
  expect(writeReleaseLock(project, "basic", locks)).toBe(true);
  const lock = lockOf(project);
  expect(lock.name).toBe("locked-bot");
  expect(lock.packages[""]!.name).toBe("locked-bot");
  expect(lock.packages["node_modules/ms"]!.version).toBe("2.1.3");
});

it("writes it too where the project also asks for better-sqlite3 (a Node without node:sqlite)", () => {
  const { project, locks } = projectAndLock("sqlite-bot");
  const path = join(project, "package.json");
  const manifest = JSON.parse(readFileSync(path, "utf8")) as { dependencies: Record<string, string> };
  manifest.dependencies["better-sqlite3"] = "^12.11.1";
  writeFileSync(path, JSON.stringify(manifest));
  expect(writeReleaseLock(project, "basic", locks)).toBe(true);
});

it("writes nothing for a lock of other ranges, or a template without a lock", () => {
  const { project, locks, root, writeLock } = projectAndLock("other-bot");
  root.devDependencies = { ...(root.devDependencies as Record<string, string>), vitest: "^3.0.0" };
  writeLock();
  expect(writeReleaseLock(project, "basic", locks)).toBe(false);
  expect(writeReleaseLock(project, "moderation", locks)).toBe(false);
  expect(() => readFileSync(join(project, "package-lock.json"))).toThrow(/ENOENT/);
});
