// better-sqlite3 compiled once per Node line and version, for the tests that install generated
// projects on a Node without node:sqlite (Node 20): such a project depends on better-sqlite3, whose
// install script (prebuild-install, else node-gyp) compiles it when no prebuilt binary can be
// downloaded, as here. Compiled once and kept as a prebuilt tarball in .node-lines/prebuilds/
// (git-ignored), named as better-sqlite3 publishes its own; `useLocalPrebuilds(folder)` writes a
// `.prebuild-installrc` that points prebuild-install at it (its `local-prebuilds` setting), so every
// project made under that folder takes the binary from there the way a user's install takes the
// published one: still a real `npm install`, its install script run, the binary unpacked and loaded.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ROOT } from "./registry.mjs";

const PREBUILDS = join(ROOT, ".node-lines", "prebuilds");

/** The file name prebuild-install looks for: the one better-sqlite3's releases use. */
export function prebuildName(version) {
  return `better-sqlite3-v${version}-node-v${process.versions.modules}-${process.platform}-${process.arch}.tar.gz`;
}

/** The highest better-sqlite3 in `range` on the registry `env` points npm at: what an install picks. */
export function resolveVersion(range, env) {
  const view = spawnSync("npm", ["view", `better-sqlite3@${range}`, "version", "--json"], {
    env,
    encoding: "utf8",
  });
  if (view.status !== 0) throw new Error(`npm view better-sqlite3@${range} failed:\n${view.stderr}`);
  const versions = [JSON.parse(view.stdout)].flat();
  const byNumber = (v) => v.split(/[.-]/).slice(0, 3).map(Number);
  return versions.sort((a, b) => {
    const [x, y] = [byNumber(a), byNumber(b)];
    return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
  })[versions.length - 1];
}

/**
 * The folder holding better-sqlite3 `version` compiled for this Node, compiling it first (an
 * `npm install` of it from the registry `env` points npm at, from source) when it is not there yet.
 */
export function betterSqlitePrebuild(version, env) {
  const tarball = join(PREBUILDS, prebuildName(version));
  if (existsSync(tarball)) return PREBUILDS;
  const dir = mkdtempSync(join(tmpdir(), "better-sqlite3-build-"));
  try {
    writeFileSync(
      join(dir, "package.json"),
      JSON.stringify({
        name: "better-sqlite3-build",
        private: true,
        dependencies: { "better-sqlite3": version },
        allowScripts: { "better-sqlite3": true },
      }),
    );
    // Straight to node-gyp: there is no prebuilt binary to download here.
    writeFileSync(join(dir, ".prebuild-installrc"), "buildFromSource=true\n");
    const install = spawnSync("npm", ["install", "--no-audit", "--no-fund"], {
      cwd: dir,
      env,
      encoding: "utf8",
      timeout: 600_000,
    });
    if (install.status !== 0)
      throw new Error(`compiling better-sqlite3@${version} failed:\n${install.stdout}${install.stderr}`);
    mkdirSync(PREBUILDS, { recursive: true });
    const partial = `${tarball}.${process.pid}.partial`;
    const tar = spawnSync(
      "tar",
      [
        "-czf",
        partial,
        "-C",
        join(dir, "node_modules", "better-sqlite3"),
        "build/Release/better_sqlite3.node",
      ],
      { encoding: "utf8" },
    );
    if (tar.status !== 0) throw new Error(`packing the compiled better-sqlite3 failed:\n${tar.stderr}`);
    renameSync(partial, tarball);
    return PREBUILDS;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Makes prebuild-install in every project under `folder` take better-sqlite3 from `prebuilds`: its
 * configuration file, which it looks for in the installing package's folder and each one above.
 */
export function useLocalPrebuilds(folder, prebuilds) {
  writeFileSync(join(folder, ".prebuild-installrc"), `local-prebuilds=${prebuilds}\n`);
}
