// The README's first command, `npm ci`, ends with no warning. npm 11 runs no dependency's install
// script unless the root package.json's `allowScripts` allows it, and ends an install with a
// warning naming each package whose script it skipped without an entry there ("1 package has
// install scripts not yet covered by allowScripts"). Every such script is allowed or denied on
// purpose (docs/contributing.md says which and why), so a dependency that brings a new one fails
// here, before a new user sees the warning.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "./doc-blocks.js";

const manifest = JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")) as {
  allowScripts: Record<string, boolean>;
};

/** `npm install-scripts <args> --json` at the repository's root, parsed. */
function installScripts(...args: string[]): unknown {
  const run = spawnSync("npm", ["install-scripts", ...args, "--json"], { cwd: REPO_ROOT, encoding: "utf8" });
  expect(run.status, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as unknown;
}

describe("README.md: npm ci's install scripts", () => {
  it("the README's set-up runs npm ci", () => {
    expect(readFileSync(join(REPO_ROOT, "README.md"), "utf8")).toContain("npm ci && npm run dev");
  });

  it("npm finds no installed package whose install script allowScripts does not cover", () => {
    // What npm ci would list at its end, read from the installed tree.
    expect(installScripts("ls")).toEqual({ allowScripts: [] });
  }, 60_000);

  it("every package of the lockfile with an install script has its entry, allowed or denied", () => {
    // What a fresh clone's npm ci installs, whatever node_modules holds now.
    const lock = JSON.parse(readFileSync(join(REPO_ROOT, "package-lock.json"), "utf8")) as {
      packages: Record<string, { version?: string; hasInstallScript?: boolean }>;
    };
    const withScripts = Object.entries(lock.packages)
      .filter(([path, entry]) => path !== "" && entry.hasInstallScript === true)
      .map(([path]) => path.slice(path.lastIndexOf("node_modules/") + "node_modules/".length));
    expect(withScripts.length).toBeGreaterThan(0);
    const decided = Object.keys(manifest.allowScripts).map((key) => key.replace(/(.)@.*$/, "$1"));
    expect(withScripts.filter((name) => !decided.includes(name))).toEqual([]);
  });

  it("no entry of allowScripts is stale: each names an installed package with an install script", () => {
    expect(installScripts("prune", "--dry-run")).toMatchObject({ allowScripts: { removed: [] } });
  }, 60_000);
});
